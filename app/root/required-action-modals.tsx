import { partOnDemand } from "~/ui/on-demand";

/**
 * The required-action modals any page may show (account migration, security review, directory
 * review). They load with the page that shows them, not with every page: their forms bring the
 * form kit and Zod (issue #12).
 */
export const AccountMigrationModal = partOnDemand("account-migration", () =>
  import("~/account-migration/AccountMigrationModal").then((module) => module.AccountMigrationModal),
);
export const SecurityReviewModal = partOnDemand("security-review", () =>
  import("~/security-review/SecurityReviewModal").then((module) => module.SecurityReviewModal),
);
export const DirectoryReviewModal = partOnDemand("directory-review", () =>
  import("~/directory/DirectoryReviewModal").then((module) => module.DirectoryReviewModal),
);
