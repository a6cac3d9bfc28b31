import type { z } from "zod";
import type { Database } from "~/db/client.server";
import type { Refusal } from "~/forms/save-outcome";
import type { Actor } from "~/permissions/actor";
import type { RouteAccess } from "~/permissions/route-rules";
import type { FeatureRule } from "~/security/feature-rule";

/** What a write came to: done, not found, a stale stamp, or a refusal of the service's own. */
export type WriteOutcome = { kind: string; currentStamp?: string };

/**
 * An administered record's API (list, create, read, update, delete) described once by its domain:
 * the screens whose rules the reads share, the write rule, the editor's schema, the services, and
 * how the service's own refusals are said (the editor says them alike).
 */
export interface RecordApi<Input, Row, Refused extends WriteOutcome> {
  listAccess: RouteAccess;
  recordAccess: RouteAccess;
  writeRule: FeatureRule;
  schema: z.ZodType<Input>;
  list: (
    database: Database,
    params: URLSearchParams,
  ) => Promise<{ rows: readonly unknown[]; total: number; page: number; pageCount: number }>;
  get: (database: Database, id: number) => Promise<Row | null>;
  create: (database: Database, actor: Actor, input: Input) => Promise<{ kind: "created"; id: number } | Refused>;
  update: (database: Database, actor: Actor, id: number, input: Input) => Promise<{ kind: "saved" } | Refused>;
  /** True or `deleted` when deleted; false or `missing` when there is none; otherwise the service's refusal. */
  remove: (database: Database, actor: Actor, id: number) => Promise<boolean | { kind: "deleted" } | Refused>;
  /** The message key of a stale stamp (409). */
  conflictKey: string;
  /** The service's own reason not to save or delete, as the editor says it. */
  refusal: (outcome: Refused) => Refusal | null;
}
