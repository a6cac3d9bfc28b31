import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseIntegrationTargets, type IntegrationTarget } from "./validation/integration-targets";

/**
 * All configuration, read once from the environment and validated at start.
 * A bad value stops the start with one line that names the variable.
 */
const optionalUrl = z.url().optional();
/** A footer link (SPEC §2): an http(s) address in which `{brand}` stands for the theme brand's id. */
const footerLink = (fallback: string) =>
  z
    .string()
    .regex(/^https?:\/\/[^\s"<>]+$/, "must be an http(s) address ({brand} stands for the brand's id)")
    .default(fallback);

export const configSchema = z.object({
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  PUBLIC_URL_BRAND3: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  OIDC_ISSUER: optionalUrl,
  OIDC_ISSUER_BRAND3: optionalUrl,
  OIDC_CLIENT_ID: z.string().min(1).default("dealer-portal"),
  OIDC_CLIENT_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  OIDC_IDP_SHORT_NAME: z.string().min(1).default("okta"),
  /** With OIDC_ISSUER: the audience the issuer's access tokens must be for to call /api (default OIDC_CLIENT_ID). */
  OIDC_API_AUDIENCE: z.string().min(1).optional(),
  /** With OIDC_ISSUER: the scopes (space-separated) an access token must carry to call /api. */
  OIDC_API_SCOPES: z.string().default("openid"),
  OIDC_ACCESS_TOKEN_TTL: z.coerce.number().int().min(70).max(86400).default(900),
  BRAND3_HOST_MARKER: z.string().min(1).default("halden"),
  CALLBACK_BASE: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)?$/, "must be empty or one path segment such as /portal")
    .default(""),
  PARTNER_PORTAL_URL: z.url().default("https://crm.example.com/sso"),
  PARTNER_PORTAL_ROLES: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]+(,[A-Za-z0-9_:.-]+)*$/, "must be a comma-separated list of role names")
    .default("PartnerPortalService,PartnerPortalSales"),
  IDP_DASHBOARD_URL: optionalUrl,
  ACCOUNT_SECURITY_URL: z.url().default("https://id.example.com/account/security"),
  FOOTER_CONTACT_URL: footerLink("https://www.example.com/contact"),
  FOOTER_PRIVACY_URL: footerLink("https://www.example.com/privacy"),
  FOOTER_TERMS_URL: footerLink("https://www.example.com/terms"),
  /** Shown only in the third brand's theme. */
  FOOTER_TRADE_EXPORT_URL: footerLink("https://www.example.com/trade-export"),
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ALLOW_INSECURE_HTTP: z.enum(["true", "false"]).default("false"),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[A-Za-z0-9.:/_-]+(,[A-Za-z0-9.:/_-]+)*)$/,
      "must be a hop count or a comma-separated list of proxy addresses",
    )
    .optional(),
  SIGNIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Where e-mail goes (smtp:// or smtps://, credentials in the URL); unset: the email_outbox table and the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).max(255).default("Dealer Portal <no-reply@dealer-portal.example>"),
  /** Web worker processes (node:cluster); more than one needs DATABASE_URL (PGlite is one process's). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Downstream targets of identity and organization changes: a JSON list (app/integrations/targets.ts). */
  INTEGRATION_TARGETS: z.string().optional(),
  /** The first retry of a failed push waits this long; each next one twice as long. */
  INTEGRATION_RETRY_SECONDS: z.coerce.number().int().min(1).max(86400).default(60),
  /** A session without a request for this long ends (fractions allowed, for tests). */
  SESSION_IDLE_MINUTES: z.coerce.number().min(0.05).max(1440).default(30),
  /** A session ends this long after sign-in however active it was; the identity provider's sign-in lasts as long. */
  SESSION_MAX_HOURS: z.coerce.number().min(0.01).max(720).default(12),
  /** How long a form post that met an ended session is kept for its user to find after signing in (issue #34). */
  FORM_RESCUE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** The pseudo-locale en-XA for testers (issue #33): asked for with the locale cookie; unset, on outside production. */
  PSEUDO_LOCALE: z.enum(["true", "false"]).optional(),
  /**
   * The test suites' check of every /api/v2 answer against the OpenAPI document (issue #35): a
   * violation is logged and, with API_CONTRACT_VIOLATIONS_FILE, written there. Off in production.
   */
  API_CONTRACT_CHECK: z.enum(["true", "false"]).default("false"),
  API_CONTRACT_VIOLATIONS_FILE: z.string().min(1).optional(),
  /** The session-expiry modal's mm:ss countdown (SPEC §2: exists, off by default). */
  SESSION_COUNTDOWN: z.enum(["true", "false"]).default("false"),
  /** Passwords older than this must be changed at sign-in; unset: passwords do not expire. */
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).optional(),
  /** A bearer token that may read /metrics (unset: only METRICS_ALLOWED_ADDRESSES may; by default nobody). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Addresses that may read /metrics without the token (comma-separated; e.g. the monitoring host). */
  METRICS_ALLOWED_ADDRESSES: z
    .string()
    .regex(/^[0-9A-Fa-f.:]+(,[0-9A-Fa-f.:]+)*$/, "must be a comma-separated list of IP addresses")
    .optional(),
  /** On SIGTERM, requests under way and the running job get this long to finish before they are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(30),
  /** /readyz answers 503 when an e-mail has waited longer than this to be delivered (something stopped sending). */
  OUTBOX_STUCK_MINUTES: z.coerce.number().int().min(1).max(10080).default(30),
  /** An administrator whose locations were last reviewed longer ago than this is asked for a security review. */
  ATTESTATION_PERIOD_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** A required directory role unfilled this many days is escalated to the maker's managers of its brand and region (issue #40 §2). */
  DIRECTORY_ESCALATION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** An announcement that must be acknowledged is e-mailed to who has not, this many days after it went live and again after as many (issue #40 §3). */
  ACKNOWLEDGEMENT_REMINDER_DAYS: z.coerce.number().int().min(1).max(365).default(3),
  /** Audit entries older than this many days are deleted by the hourly housekeeping job (issue #37 §5). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(730),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends Omit<
  RawConfig,
  | "SESSION_SECRET"
  | "OIDC_CLIENT_SECRET"
  | "PUBLIC_URL"
  | "SEED_DEMO"
  | "ALLOW_INSECURE_HTTP"
  | "TRUST_PROXY"
  | "INTEGRATION_TARGETS"
  | "METRICS_ALLOWED_ADDRESSES"
> {
  SESSION_SECRET: string;
  OIDC_CLIENT_SECRET: string;
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
  ALLOW_INSECURE_HTTP: boolean;
  /** Express's `trust proxy`: false (the socket's address is the client's) unless TRUST_PROXY names the proxy. */
  TRUST_PROXY: number | string | false;
  isProduction: boolean;
  embeddedIdp: boolean;
  /** Who may read /metrics without the token, by address. */
  METRICS_ALLOWED_ADDRESSES: string[];
  /** INTEGRATION_TARGETS, checked (their secrets stay out of logs). */
  integrationTargets: IntegrationTarget[];
}

export class ConfigError extends Error {}

/** Validates the environment; throws ConfigError with one line naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`Configuration error: ${issue.path.join(".")} ${issue.message}`);
  }
  const raw = result.data;
  const isProduction = raw.APP_ENV === "production";
  if (isProduction && !raw.SESSION_SECRET) {
    throw new ConfigError("Configuration error: SESSION_SECRET is required when APP_ENV=production");
  }
  if (isProduction && raw.OIDC_ISSUER && !raw.OIDC_CLIENT_SECRET) {
    throw new ConfigError("Configuration error: OIDC_CLIENT_SECRET is required with OIDC_ISSUER in production");
  }
  const allowInsecureHttp = raw.ALLOW_INSECURE_HTTP === "true";
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, "");
  if (isProduction && !allowInsecureHttp) {
    for (const [name, value] of [
      ["PUBLIC_URL", publicUrl],
      ["PUBLIC_URL_BRAND3", raw.PUBLIC_URL_BRAND3],
    ] as const) {
      if (value && !value.startsWith("https://")) {
        throw new ConfigError(
          `Configuration error: ${name} must be https:// when APP_ENV=production (set ALLOW_INSECURE_HTTP=true to allow http on purpose)`,
        );
      }
    }
  }
  const integrations = parseIntegrationTargets(raw.INTEGRATION_TARGETS, allowInsecureHttp);
  if ("problem" in integrations)
    throw new ConfigError(`Configuration error: INTEGRATION_TARGETS ${integrations.problem}`);
  const { INTEGRATION_TARGETS: _targets, ...settings } = raw;
  const dataDir = path.resolve(raw.DATA_DIR);
  const sessionSecret = raw.SESSION_SECRET ?? persistedSecret(dataDir, "session-secret");
  return {
    ...settings,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    PUBLIC_URL_BRAND3: raw.PUBLIC_URL_BRAND3?.replace(/\/$/, ""),
    SESSION_SECRET: sessionSecret,
    OIDC_CLIENT_SECRET: raw.OIDC_CLIENT_SECRET ?? derivedSecret(sessionSecret, "oidc-client"),
    SEED_DEMO: raw.SEED_DEMO ? raw.SEED_DEMO === "true" : !isProduction,
    ALLOW_INSECURE_HTTP: allowInsecureHttp,
    TRUST_PROXY:
      raw.TRUST_PROXY === undefined ? false : /^\d+$/.test(raw.TRUST_PROXY) ? Number(raw.TRUST_PROXY) : raw.TRUST_PROXY,
    isProduction,
    embeddedIdp: !raw.OIDC_ISSUER,
    METRICS_ALLOWED_ADDRESSES: raw.METRICS_ALLOWED_ADDRESSES?.split(",") ?? [],
    integrationTargets: integrations.targets,
  };
}

/** A development secret generated once and kept in DATA_DIR, so sessions survive restarts. */
function persistedSecret(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function derivedSecret(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(purpose).digest("base64url");
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
