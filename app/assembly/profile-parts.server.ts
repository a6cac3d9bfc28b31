import { announcementReadsSessionPart } from "~/announcements/reads.server";
import { directoryReviewProfilePart } from "~/directory/profile-part.server";
import { securityReviewProfilePart } from "~/security-review/profile-part.server";
import { assembleProfileParts } from "~/permissions/profile-parts";

/*
 * The features' parts of the session statement and the access profile (ADR 14, 26), assembled
 * once per process when the server build loads. Their order is the order of the required actions
 * they raise: the security review asks before the directory reviews.
 */
assembleProfileParts({
  profile: [securityReviewProfilePart, directoryReviewProfilePart],
  session: [announcementReadsSessionPart],
});
