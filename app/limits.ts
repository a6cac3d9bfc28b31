/**
 * The business constants and limits of SPEC §9 (and the field limits of §5), in one place: schemas,
 * rules and components read them from here, never from another screen's schema.
 */

/** Text inputs: at most 255 characters. */
export const MAX_TEXT_LENGTH = 255;
/** Passwords: at least 8 characters; a name part counts when longer than 2 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_PART_MIN_LENGTH = 3;
/** Security answers: at least 4 characters. */
export const SECURITY_ANSWER_MIN_LENGTH = 4;

/** Multiselects offer at most 1000 options. */
export const MULTISELECT_OPTIONS_LIMIT = 1000;

/** The largest record id (PostgreSQL's integer): an id beyond it names no record and must not reach a query. */
export const MAX_RECORD_ID = 2_147_483_647;

/** Lists: 10 rows a page, 5 page buttons. */
export const PAGE_SIZE = 10;
/** What a list's rows-per-page choice offers (SPEC §3 table state); the first is the default. */
export const ROWS_PER_PAGE_CHOICES = [PAGE_SIZE, 25, 50, 100] as const;
export const PAGE_BUTTONS = 5;
/**
 * A list too large to count cheaply (the users of a whole dealer network) counts this many rows
 * and then says "more than" (issue #37 §4, ADR 42); a later page counts far enough for its pager.
 */
export const COUNT_CAP = 1_000;
/** The attestation table shows up to 999 rows a page. */
export const ATTESTATION_ROWS_PER_PAGE = 999;
/** Attestation age groups: thresholds of 30 and 90 days since the last sign-in. */
export const ATTESTATION_WARN_DAYS = 30;
export const ATTESTATION_ERROR_DAYS = 90;
/** A due security review is e-mailed to its administrator at most once in this many days. */
export const ATTESTATION_REMINDER_DAYS = 7;

/** A verification link is valid for 72 hours. */
export const VERIFICATION_LINK_HOURS = 72;
/** One day in milliseconds, for rules that count whole days. */
export const DAY_MS = 86_400_000;
/** Users not signed in for more than 180 days are deactivated. */
export const AUTO_DEACTIVATION_DAYS = 180;
/** Issue #39 §4: a user is warned this many days before auto-deactivation, most urgent last. */
export const DORMANCY_WARNING_DAYS = [14, 3, 1] as const;
/** A skipped directory review prompts again after 90 days. */
export const DIRECTORY_REVIEW_REPROMPT_DAYS = 90;

/** A navigation or post taking longer than this shows the loading overlay (a faster one never flashes it). */
export const LOADING_OVERLAY_DELAY_MS = 500;

/** Person search: 30 results sorted by label, after 600 ms without typing. */
export const PERSON_SEARCH_LIMIT = 30;
export const PERSON_SEARCH_DEBOUNCE_MS = 600;

/** Defaults of the API calls (SPEC §7). */
export const DEFAULT_DISPLAY_LOCATION = "dealer-home";
export const DEFAULT_BRAND_IDS = [1] as const;

/** An uploaded file (a document, an import file): at most 20 MB. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** An API client lives at most a year; its creator sets when it expires within that (issue #35 §3). */
export const API_CLIENT_MAX_DAYS = 365;
/** The expiry a new API client's form suggests. */
export const API_CLIENT_SUGGESTED_DAYS = 90;
/** A rotated secret keeps working this long beside the new one, unless retired at once. */
export const API_CLIENT_ROTATION_HOURS = 24;
/** An administrator keeps at most this many API clients. */
export const API_CLIENTS_PER_CREATOR = 50;
/** The most resources a SCIM list answers in one page (its `count` is capped here; issue #36). */
export const SCIM_MAX_RESULTS = 200;
/** A SCIM list's page when the client names no `count`. */
export const SCIM_DEFAULT_COUNT = 100;
/** The most operations one SCIM PATCH may carry, and the most members one group change may name. */
export const SCIM_MAX_PATCH_OPERATIONS = 100;
export const SCIM_MAX_MEMBER_CHANGES = 1000;
/** The longest filter a SCIM list reads (a filter is parsed before any query; issue #36). */
export const SCIM_MAX_FILTER_LENGTH = 2000;
