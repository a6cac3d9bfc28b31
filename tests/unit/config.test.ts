import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config.server";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "dp-config-"));

describe("configuration is validated once at start", () => {
  it("a bad value stops the start with one line naming the variable", () => {
    expect(() => parseConfig({ PORT: "eighty", DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty", DATA_DIR: dataDir() })).toThrow(/^Configuration error: PORT /);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x", DATA_DIR: dataDir() })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ OIDC_ISSUER: "not a url", DATA_DIR: dataDir() })).toThrow(/OIDC_ISSUER/);
    expect(() => parseConfig({ CALLBACK_BASE: "portal", DATA_DIR: dataDir() })).toThrow(/CALLBACK_BASE/);
  });
  it("production requires SESSION_SECRET", () => {
    expect(() => parseConfig({ APP_ENV: "production", DATA_DIR: dataDir() })).toThrow(/SESSION_SECRET/);
  });
  it("in development a missing SESSION_SECRET is generated once and kept in DATA_DIR", () => {
    const dir = dataDir();
    const first = parseConfig({ DATA_DIR: dir });
    const second = parseConfig({ DATA_DIR: dir });
    expect(first.SESSION_SECRET).toHaveLength(43);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first.SESSION_SECRET);
  });
  it("defaults: port 3000, embedded provider, demo seed in development", () => {
    const config = parseConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
    expect(config.embeddedIdp).toBe(true);
    expect(config.SEED_DEMO).toBe(true);
    expect(config.BRAND3_HOST_MARKER).toBe("halden");
  });
});

describe("issue #10 §3: production refuses an http public address unless allowed on purpose", () => {
  const production = { APP_ENV: "production", SESSION_SECRET: "x".repeat(32) };
  it("an http PUBLIC_URL stops the start", () => {
    expect(() => parseConfig({ ...production, PUBLIC_URL: "http://portal.example", DATA_DIR: dataDir() })).toThrow(
      /PUBLIC_URL must be https/,
    );
    expect(() => parseConfig({ ...production, DATA_DIR: dataDir() })).toThrow(/PUBLIC_URL must be https/);
    expect(() =>
      parseConfig({
        ...production,
        PUBLIC_URL: "https://portal.example",
        PUBLIC_URL_BRAND3: "http://halden.example",
        DATA_DIR: dataDir(),
      }),
    ).toThrow(/PUBLIC_URL_BRAND3/);
  });
  it("https passes, and ALLOW_INSECURE_HTTP=true allows http", () => {
    expect(parseConfig({ ...production, PUBLIC_URL: "https://portal.example", DATA_DIR: dataDir() }).PUBLIC_URL).toBe(
      "https://portal.example",
    );
    expect(
      parseConfig({
        ...production,
        PUBLIC_URL: "http://portal.example",
        ALLOW_INSECURE_HTTP: "true",
        DATA_DIR: dataDir(),
      }).ALLOW_INSECURE_HTTP,
    ).toBe(true);
  });
  it("development keeps http", () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).PUBLIC_URL).toBe("http://localhost:3000");
  });
});

describe("issue #10 §3: the client address is taken from a proxy only when TRUST_PROXY names it", () => {
  it("defaults to the socket's address", () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(false);
  });
  it("takes a hop count or a list of addresses", () => {
    expect(parseConfig({ TRUST_PROXY: "1", DATA_DIR: dataDir() }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "loopback,10.0.0.0/8", DATA_DIR: dataDir() }).TRUST_PROXY).toBe(
      "loopback,10.0.0.0/8",
    );
    expect(() => parseConfig({ TRUST_PROXY: "a b", DATA_DIR: dataDir() })).toThrow(/TRUST_PROXY/);
  });
});
