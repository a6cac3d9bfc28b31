import type { Executor } from "~/db/client.server";
import type { Actor } from "~/permissions/actor";
import { shownSets } from "./digital-access";
import { digitalOffers } from "./digital-offers.server";
import type { UserDraft } from "./draft";
import type { EditorTab } from "./editor-tabs";
import { editorChoices, keptNames, offeredLists } from "./editor-choices.server";
import { draftReview } from "./save-user.server";

/**
 * What the user editor shows on a tab, for create and edit alike: the administrator's choices,
 * what is kept, and the tab's own lists (distribution lists, applications and permission sets the
 * draft's access offers, or the review).
 */
export async function editorData(
  database: Executor,
  actor: Actor,
  input: {
    /** 0: a new user. */
    subjectId: number;
    before: UserDraft | null;
    draft: UserDraft;
    tab: EditorTab;
    locale: string;
  },
) {
  const { draft, tab } = input;
  const digitalTab = tab === "applications" || tab === "permissions" || tab === "review";
  const [choices, offers, lists] = await Promise.all([
    editorChoices(database, actor),
    digitalTab ? digitalOffers(database, input.subjectId, draft, input.locale) : null,
    tab === "emails" ? offeredLists(database, draft.locations, input.locale) : [],
  ]);
  return {
    choices,
    kept: await keptNames(database, draft, choices),
    lists,
    review: tab === "review" && offers ? await draftReview(database, input.before, draft, offers) : null,
    digital: offers && {
      applications: offers.applications,
      sets: shownSets(offers, draft.applications),
    },
  };
}
