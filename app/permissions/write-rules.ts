import { F } from "./features";
import type { FeatureRule } from "./feature-rule";

/** Who may save and delete, beyond seeing the screen (the route table's rule is read-or-write). */
export const ANNOUNCEMENTS_WRITE: FeatureRule = { all: [F.announcementsWrite] };
export const APPLICATIONS_WRITE: FeatureRule = { all: [F.applicationsWrite] };
