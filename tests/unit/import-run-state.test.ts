import { describe, expect, it } from "vitest";
import {
  IMPORT_HEARTBEAT_STALE_MS,
  importIsUnderWay,
  importMayStart,
  importProgressPercent,
  keptReport,
  MAX_KEPT_PROBLEMS,
  shownImportError,
  shownImportState,
} from "~/imports/run-state";

const now = new Date("2026-11-23T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const report = { rows: 3, create: 2, update: 1, unchanged: 0, problemCount: 0, problems: [] };

describe("issue #17 §2 import run state", () => {
  it("a running import whose heartbeat stopped shows failed; one without a heartbeat (PGlite) or a fresh one runs", () => {
    expect(shownImportState({ state: "running", heartbeatAt: ago(IMPORT_HEARTBEAT_STALE_MS + 1) }, now)).toBe("failed");
    expect(shownImportState({ state: "running", heartbeatAt: ago(IMPORT_HEARTBEAT_STALE_MS) }, now)).toBe("running");
    expect(shownImportState({ state: "running", heartbeatAt: null }, now)).toBe("running");
    expect(shownImportState({ state: "done", heartbeatAt: ago(10 * IMPORT_HEARTBEAT_STALE_MS) }, now)).toBe("done");
  });

  it("Import may start a checked or failed run without problems and with something to write", () => {
    expect(importMayStart("checked", report)).toBe(true);
    expect(importMayStart("failed", report)).toBe(true);
    for (const state of ["queued", "running", "done"] as const) expect(importMayStart(state, report)).toBe(false);
    expect(importMayStart("checked", { ...report, problemCount: 1 })).toBe(false);
    expect(importMayStart("checked", { ...report, create: 0, update: 0, unchanged: 3 })).toBe(false);
  });

  it("the page keeps polling only while the import is queued or running", () => {
    expect(["checked", "queued", "running", "done", "failed"].filter((s) => importIsUnderWay(s as never))).toEqual([
      "queued",
      "running",
    ]);
  });

  it("progress is a whole percentage between 0 and 100", () => {
    expect(importProgressPercent(0, 0)).toBe(0);
    expect(importProgressPercent(1, 3)).toBe(33);
    expect(importProgressPercent(3, 3)).toBe(100);
    expect(importProgressPercent(5, 3)).toBe(100);
  });

  it("a run keeps every count and the first problems, with how many there were", () => {
    const problems = Array.from({ length: MAX_KEPT_PROBLEMS + 5 }, (_, i) => ({
      row: i + 2,
      column: "email",
      message: "validations.email",
    }));
    const kept = keptReport({ rows: 2000, create: 0, update: 0, unchanged: 0, problems });
    expect(kept.problemCount).toBe(MAX_KEPT_PROBLEMS + 5);
    expect(kept.problems).toHaveLength(MAX_KEPT_PROBLEMS);
    expect(kept.problems[0].row).toBe(2);
  });
});

describe("issue #37 §3: a run whose server was killed says why it failed", () => {
  it("a running run shown failed (its heartbeat stopped) was interrupted", () => {
    expect(shownImportError({ state: "running", error: null }, "failed")).toBe("imports.errors.interrupted");
  });

  it("a recorded reason stays; a run still running or checked has none", () => {
    expect(shownImportError({ state: "failed", error: "imports.errors.importFailed" }, "failed")).toBe(
      "imports.errors.importFailed",
    );
    expect(shownImportError({ state: "running", error: null }, "running")).toBeNull();
    expect(shownImportError({ state: "checked", error: null }, "checked")).toBeNull();
  });
});
