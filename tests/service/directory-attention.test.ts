import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { directoryAssignments, directoryItems } from "~/db/schema";
import { actorDirectoryLocations } from "~/directory/directory.server";
import { directoryReviewProfilePart } from "~/directory/profile-part.server";
import { DIRECTORY_CONTEXTS, locationsToReview, type DirectoryContext } from "~/directory/rules";
import { actorOf } from "./actor-of";
import { BACKENDS, identityIdOf, seededDatabase } from "./backends";

/*
 * SPEC §4 "requires attention" is one rule: `requiresAttention` (pure) decides it for the review's
 * list, and the access profile's one statement asks it in SQL (the directory's profile part) to
 * raise the required action. The SQL is held against the pure rule on the demo's directories and
 * on changes of them: both must name the same contexts.
 */
const ADMINISTRATORS = ["admin@example.com", "directory@example.com", "singular@example.com", "dealer@example.com"];

describe.each(BACKENDS)("SPEC §4 requires attention on $name", (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await seededDatabase(backend);
  });
  afterAll(async () => handle?.close());

  /** The contexts the profile's SQL part says need attention. */
  async function contextsBySql(email: string): Promise<DirectoryContext[]> {
    const id = await identityIdOf(handle.db, email);
    const result = await handle.db.execute(sql`select ${directoryReviewProfilePart.select(sql`${id}::int`)} as states`);
    const [row] = (result as unknown as { rows: { states: { context: DirectoryContext }[] }[] }).rows;
    return row.states.map((state) => state.context).sort();
  }

  /** The contexts whose review list (the pure rule over the actor's locations) is not empty. */
  async function contextsByRule(email: string): Promise<DirectoryContext[]> {
    const actor = await actorOf(handle.db, email);
    const contexts: DirectoryContext[] = [];
    for (const context of DIRECTORY_CONTEXTS) {
      if (locationsToReview(await actorDirectoryLocations(handle.db, actor, context)).length > 0)
        contexts.push(context);
    }
    return contexts.sort();
  }

  async function expectOneRule() {
    for (const email of ADMINISTRATORS) expect(await contextsBySql(email), email).toEqual(await contextsByRule(email));
  }

  it("the profile's SQL and the pure rule agree on the demo's directories", async () => {
    await expectOneRule();
    // The demo has administrators of both kinds: the comparison is not between two empty lists.
    expect(await contextsByRule("directory@example.com")).toContain("DEALER_LOCATION");
    expect(await contextsByRule("singular@example.com")).toContain("SINGULAR_ROLES");
  });

  it("they agree when a required role loses its holder, and when a role stops being required", async () => {
    const [held] = await handle.db
      .select({ itemId: directoryAssignments.itemId })
      .from(directoryAssignments)
      .innerJoin(directoryItems, eq(directoryItems.id, directoryAssignments.itemId))
      .where(eq(directoryItems.required, true))
      .limit(1);
    await handle.db.delete(directoryAssignments).where(eq(directoryAssignments.itemId, held.itemId));
    await expectOneRule();
    await handle.db.update(directoryItems).set({ required: false });
    await expectOneRule();
    expect(await contextsByRule("directory@example.com")).toEqual([]);
  });
});
