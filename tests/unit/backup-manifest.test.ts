import { describe, expect, it } from "vitest";
import { manifestProblem } from "~/server/commands/backup-archive";

const manifest = {
  format: "dealer-portal-backup",
  version: 1,
  database: "postgres",
  createdAt: "2026-11-26T02:00:00.000Z",
  entries: ["files"],
};

describe("issue #32 §8: manifestProblem decides whether an archive can be restored here", () => {
  it("accepts a backup of the configured kind of database", () => {
    expect(manifestProblem(manifest, "postgres")).toBeNull();
  });

  it("refuses anything that is not a portal backup, and a backup of the other kind of database", () => {
    expect(manifestProblem(null, "postgres")).toBe("this is not a Dealer Portal backup");
    expect(manifestProblem({ ...manifest, version: 2 }, "postgres")).toBe("this is not a Dealer Portal backup");
    expect(manifestProblem(manifest, "pglite")).toBe(
      "the backup holds a postgres database and the portal is configured for pglite",
    );
  });
});
