import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "~/logger.server";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger("info", stream) };
}

describe("no token, password or secret in any log line", () => {
  it("redacts them at the top level and one level down", () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: "Demo#Portal2026",
        accessToken: "at-123",
        refreshToken: "rt-456",
        idToken: "id-789",
        secret: "s3cr3t",
      },
      "one",
    );
    logger.info({ session: { accessToken: "at-abc", refreshToken: "rt-def", password: "pw" } }, "two");
    logger.info({ req: { headers: { cookie: "__session=abc", authorization: "Bearer tok" } } }, "three");
    const text = lines.join("\n");
    for (const secret of [
      "Demo#Portal2026",
      "at-123",
      "rt-456",
      "id-789",
      "s3cr3t",
      "at-abc",
      "rt-def",
      "__session=abc",
      "Bearer tok",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("[redacted]");
  });
});
