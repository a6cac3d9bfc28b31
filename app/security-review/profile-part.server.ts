import { getConfig } from "~/config.server";
import { F } from "~/permissions/features";
import type { ProfilePart } from "~/permissions/profile-parts";
import { securityReviewStateSql } from "./last-review.server";
import { adminAttestationIsRequired } from "./rules";

/** The identity's locations and their last confirmed security review as a whole (the oldest location's). */
interface SecurityReviewState {
  locations: number;
  lastReviewAt: string | null;
}

/** The security review's part of the access profile: its state, read in the one statement, and when it is due. */
export const securityReviewProfilePart: ProfilePart<SecurityReviewState> = {
  key: "securityReview",
  select: securityReviewStateSql,
  requiredActions: (review, reader) =>
    adminAttestationIsRequired({
      managesUsers: reader.features.includes(F.usersWrite),
      locationCount: review.locations,
      lastReviewAt: review.lastReviewAt ? new Date(review.lastReviewAt) : null,
      now: reader.now,
      periodDays: getConfig().ATTESTATION_PERIOD_DAYS,
    })
      ? ["adminAttestation"]
      : [],
};
