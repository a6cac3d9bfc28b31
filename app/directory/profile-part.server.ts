import { sql, type SQL } from "drizzle-orm";
import { F } from "~/permissions/features";
import type { ProfilePart } from "~/permissions/profile-parts";
import { DIRECTORY_CONTEXTS, DIRECTORY_REVIEW_ACTIONS, directoryReviewIsDue, type DirectoryContext } from "./rules";

/** A directory context where a location of the identity has a required, unfilled role, with its review state. */
interface DirectoryReviewState {
  context: DirectoryContext;
  lastReviewedAt: string | null;
  reminderClosedAt: string | null;
}

/** The contexts whose locations need attention (a required role without a holder) for the identity, with their review state. */
function directoryReviewStatesSql(identityId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('context', c.context,
      'lastReviewedAt', s.last_reviewed_at, 'reminderClosedAt', s.reminder_closed_at)), '[]'::json)
    from (select distinct dc.context from directory_configurations dc
        where exists (select 1 from organizations o
          join directory_items di on di.configuration_id = dc.id and di.required
          where o.brand_id = dc.brand_id and o.type = 'location'
            and o.id in (select ra.organization_id from role_assignments ra where ra.identity_id = ${identityId})
            and not exists (select 1 from directory_assignments da
              where da.item_id = di.id and da.organization_id = o.id))) c
    left join directory_review_states s on s.identity_id = ${identityId} and s.context = c.context)`;
}

const dateOrNull = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

/** The directory reviews' part of the access profile: which contexts need attention, and which review asks now. */
export const directoryReviewProfilePart: ProfilePart<DirectoryReviewState[] | null> = {
  key: "directoryReviews",
  select: directoryReviewStatesSql,
  requiredActions: (states, reader) => {
    if (!reader.features.includes(F.usersWrite)) return [];
    return DIRECTORY_CONTEXTS.filter((context) => {
      const state = (states ?? []).find((r) => r.context === context);
      return (
        state !== undefined &&
        directoryReviewIsDue({
          context,
          anyLocationNeedsAttention: true,
          lastReviewedAt: dateOrNull(state.lastReviewedAt),
          reminderClosedAt: dateOrNull(state.reminderClosedAt),
          signedInAt: reader.signedInAt,
          now: reader.now,
        })
      );
    }).map((context) => DIRECTORY_REVIEW_ACTIONS[context]);
  },
};
