import { describe, expect, it } from "vitest";
import { metricsAccessOf } from "~/security/metrics-access";

const TOKEN = "a-long-metrics-token";

describe("issue #32 §4: metricsAccessOf lets only the token's bearer or an allowed address read /metrics", () => {
  it("refuses everyone when neither a token nor an address is configured (never public by default)", () => {
    expect(metricsAccessOf({ authorization: undefined, address: "127.0.0.1" }, { METRICS_ALLOWED_ADDRESSES: [] })).toBe(
      "refused",
    );
    expect(
      metricsAccessOf({ authorization: "Bearer anything", address: "10.0.0.1" }, { METRICS_ALLOWED_ADDRESSES: [] }),
    ).toBe("refused");
  });

  it("allows the bearer of the token, and refuses a wrong or bare one", () => {
    const config = { METRICS_TOKEN: TOKEN, METRICS_ALLOWED_ADDRESSES: [] };
    expect(metricsAccessOf({ authorization: `Bearer ${TOKEN}`, address: "203.0.113.9" }, config)).toBe("allowed");
    expect(metricsAccessOf({ authorization: `bearer ${TOKEN}`, address: undefined }, config)).toBe("allowed");
    expect(metricsAccessOf({ authorization: `Bearer ${TOKEN}x`, address: undefined }, config)).toBe("refused");
    expect(metricsAccessOf({ authorization: TOKEN, address: undefined }, config)).toBe("refused");
  });

  it("allows a listed address, an IPv4 one also in its IPv6 form, and no other", () => {
    const config = { METRICS_ALLOWED_ADDRESSES: ["10.0.0.5"] };
    expect(metricsAccessOf({ authorization: undefined, address: "10.0.0.5" }, config)).toBe("allowed");
    expect(metricsAccessOf({ authorization: undefined, address: "::ffff:10.0.0.5" }, config)).toBe("allowed");
    expect(metricsAccessOf({ authorization: undefined, address: "10.0.0.6" }, config)).toBe("refused");
  });
});
