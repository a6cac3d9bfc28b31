import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  PUSH_MAX_ATTEMPTS,
  afterFailedAttempt,
  pushErrorText,
  pushSignature,
  retryDelaySeconds,
} from "~/integrations/rules";
import { parseIntegrationTargets } from "~/validation/integration-targets";
import { parseConfig } from "~/config.server";

const now = new Date("2026-11-23T10:00:00Z");

describe("issue #15 §3 back-off: each retry waits twice as long as the one before", () => {
  it("retryDelaySeconds: base, then twice, then four times the base", () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, 60))).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(0, 60)).toBe(60);
  });
  it("afterFailedAttempt: retried after the first and second failure, given up after the third", () => {
    expect(PUSH_MAX_ATTEMPTS).toBe(3);
    expect(afterFailedAttempt(1, now, 30)).toEqual({
      state: "pending",
      nextAttemptAt: new Date(now.getTime() + 30_000),
    });
    expect(afterFailedAttempt(2, now, 30)).toEqual({
      state: "pending",
      nextAttemptAt: new Date(now.getTime() + 60_000),
    });
    expect(afterFailedAttempt(3, now, 30)).toEqual({ state: "failed" });
  });
});

describe("issue #15 §3 signature header", () => {
  it("pushSignature: HMAC-SHA256 of timestamp.body with the target's secret, as sha256=<hex>", () => {
    const body = '{"type":"identity"}';
    const expected = createHmac("sha256", "s3cret-s3cret-s3cret").update(`1700000000.${body}`).digest("hex");
    expect(pushSignature("s3cret-s3cret-s3cret", 1700000000, body)).toBe(`sha256=${expected}`);
    expect(pushSignature("another-secret-value", 1700000000, body)).not.toBe(`sha256=${expected}`);
    expect(pushSignature("s3cret-s3cret-s3cret", 1700000001, body)).not.toBe(`sha256=${expected}`);
  });
  it("pushErrorText: one bounded line", () => {
    expect(pushErrorText(new Error("HTTP 500\n  at x"))).toBe("HTTP 500 at x");
    expect(pushErrorText("x".repeat(900))).toHaveLength(500);
    expect(pushErrorText(new Error(""))).toBe("Unknown error");
  });
});

describe("issue #15 §3 INTEGRATION_TARGETS", () => {
  const target = { name: "dms", type: "DMS", url: "https://dms.example.com/sync", secret: "0123456789abcdef" };
  it("unset or empty: no targets", () => {
    expect(parseIntegrationTargets(undefined, false)).toEqual({ targets: [] });
    expect(parseIntegrationTargets("  ", false)).toEqual({ targets: [] });
  });
  it("a list of named https endpoints with a type and a secret", () => {
    expect(parseIntegrationTargets(JSON.stringify([target]), false)).toEqual({ targets: [target] });
  });
  it("http only for this machine, or when allowed on purpose", () => {
    const local = { ...target, url: "http://127.0.0.1:4000/push" };
    const remote = { ...target, url: "http://dms.example.com/push" };
    expect(parseIntegrationTargets(JSON.stringify([local]), false)).toEqual({ targets: [local] });
    expect(parseIntegrationTargets(JSON.stringify([remote]), false)).toHaveProperty("problem");
    expect(parseIntegrationTargets(JSON.stringify([remote]), true)).toEqual({ targets: [remote] });
  });
  it("bad JSON, a short secret, a bad name or a name used twice is refused with a reason", () => {
    expect(parseIntegrationTargets("[{", false)).toEqual({ problem: expect.stringContaining("JSON") });
    expect(parseIntegrationTargets(JSON.stringify([{ ...target, secret: "short" }]), false)).toEqual({
      problem: expect.stringContaining("secret"),
    });
    expect(parseIntegrationTargets(JSON.stringify([{ ...target, name: "Bad Name" }]), false)).toHaveProperty("problem");
    expect(parseIntegrationTargets(JSON.stringify([target, target]), false)).toEqual({
      problem: expect.stringContaining("used twice"),
    });
  });
  it("the configuration refuses to start on a bad list, naming the variable, and never keeps the raw JSON", () => {
    expect(() => parseConfig({ INTEGRATION_TARGETS: "nope", SESSION_SECRET: "x".repeat(32) })).toThrow(
      /INTEGRATION_TARGETS/,
    );
    const config = parseConfig({ INTEGRATION_TARGETS: JSON.stringify([target]), SESSION_SECRET: "x".repeat(32) });
    expect(config.integrationTargets).toEqual([target]);
    expect(JSON.stringify(Object.keys(config))).not.toContain("INTEGRATION_TARGETS");
  });
});
