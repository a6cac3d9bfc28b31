import { describe, expect, it } from "vitest";
import { deliveryFailureCounts } from "~/mail/delivery-failure";

describe("issue #37 §3: which failed deliveries use up an attempt", () => {
  it("the server refusing the message for good (SMTP 5xx) does", () => {
    expect(deliveryFailureCounts(Object.assign(new Error("550 no such user"), { responseCode: 550 }))).toBe(true);
    expect(deliveryFailureCounts(Object.assign(new Error("554 rejected"), { responseCode: 554 }))).toBe(true);
  });

  it("a server away, cutting the connection or saying try later (4xx) does not", () => {
    expect(deliveryFailureCounts(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBe(false);
    expect(deliveryFailureCounts(Object.assign(new Error("421 busy"), { responseCode: 421 }))).toBe(false);
    expect(deliveryFailureCounts(new Error("Greeting never received"))).toBe(false);
    expect(deliveryFailureCounts(undefined)).toBe(false);
  });
});
