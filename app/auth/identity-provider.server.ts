import { generateKeyPairSync } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { Config } from "~/config.server";
import { db } from "~/db/client.server";
import { identityClaims } from "~/auth/identity.server";
import { logger } from "~/logger.server";
import { PORTAL_SCOPES } from "./oidc-client.server";
import { DatabaseOidcAdapter } from "./oidc-adapter.server";
import { translatorFor } from "~/i18n/i18next.server";
import { localeFromHeaders } from "~/i18n/locale";
import { escapeHtml } from "~/security/html-escape";

let mounted: Provider | undefined;

/** The embedded identity provider, when the server has mounted one. */
export function embeddedProvider(): Provider {
  const provider = mounted;
  if (!provider) throw new Error("The embedded identity provider is not running");
  return provider;
}

/** Signing keys, generated once and kept in DATA_DIR (the cluster's primary makes them before its workers start). */
export function signingKeys(dataDir: string) {
  const file = path.join(dataDir, "oidc-jwks.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), use: "sig", alg: "RS256", kid: `k${Date.now()}` };
  const jwks = { keys: [jwk] };
  writeFileSync(file, JSON.stringify(jwks), { mode: 0o600 });
  return jwks;
}

function simplePage(ctx: KoaContextWithOIDC, title: string, body: string): string {
  const locale = localeFromHeaders(ctx.get("cookie"), ctx.get("accept-language"));
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a}button,a.button{font:inherit;padding:.6rem 1.2rem;background:#1f3a5f;color:#fff;border:0;border-radius:4px;cursor:pointer;text-decoration:none;display:inline-block}.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}a{color:#1f3a5f}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * Whether an end-session request is the portal's own sign-out (routes/logout.tsx): it carries an
 * ID token the provider issued to the portal's client for the account signed in in this browser
 * (the provider has checked its signature and audience before logoutSource runs; a sid in it must
 * be this sign-in's), and a registered post_logout_redirect_uri. Only the portal's server holds
 * the user's ID tokens, so no other site can send such a request; it may end the sign-in without
 * asking again (OpenID Connect RP-Initiated Logout §2 asks when no such hint is given).
 */
function isPortalSignOut(ctx: KoaContextWithOIDC, clientId: string): boolean {
  const hint = ctx.oidc.entities.IdTokenHint?.payload;
  const { client, session, params } = ctx.oidc;
  if (!hint || !session?.accountId || client?.clientId !== clientId || !params?.post_logout_redirect_uri) return false;
  if (hint.sid !== undefined && hint.sid !== session.sidFor(clientId)) return false;
  return hint.sub === session.accountId;
}

export function createIdentityProvider(config: Config): Provider {
  const issuer = `${config.PUBLIC_URL}/oidc`;
  const redirectUris = new Set([`${config.PUBLIC_URL}/login/callback`]);
  const publicUrls = [config.PUBLIC_URL, ...(config.PUBLIC_URL_BRAND3 ? [config.PUBLIC_URL_BRAND3] : [])];
  for (const url of publicUrls) {
    redirectUris.add(`${url}/login/callback`);
    if (config.CALLBACK_BASE) redirectUris.add(`${url}${config.CALLBACK_BASE}/login/callback`);
  }

  const configuration: Configuration = {
    adapter: DatabaseOidcAdapter as unknown as Configuration["adapter"],
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_secret: config.OIDC_CLIENT_SECRET,
        redirect_uris: [...redirectUris],
        post_logout_redirect_uris: publicUrls.map((url) => `${url}/`),
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: signingKeys(config.DATA_DIR),
    cookies: {
      keys: [config.SESSION_SECRET],
      long: { httpOnly: true, sameSite: "lax" },
      short: { httpOnly: true, sameSite: "lax" },
    },
    // PKCE always (S256, the only method oidc-provider 9 knows).
    pkce: { required: () => true },
    scopes: [...PORTAL_SCOPES],
    claims: {
      openid: ["sub"],
      email: ["email"],
      profile: ["name", "org", "uid", "employeeNumber", "passportWebRoles"],
      groups: ["directory_group"],
    },
    conformIdTokenClaims: false,
    findAccount: async (_ctx, id) => {
      const claims = await identityClaims(db(), Number(id));
      if (!claims) return undefined;
      return { accountId: id, claims: async () => claims as unknown as { sub: string } };
    },
    interactions: { url: (_ctx, interaction) => `/signin/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // API clients (issue #35 §3): a system's own token, no person's sign-in.
      clientCredentials: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          const t = translatorFor(localeFromHeaders(ctx.get("cookie"), ctx.get("accept-language")));
          if (isPortalSignOut(ctx, config.OIDC_CLIENT_ID)) {
            // The portal's own sign-out continues at once: the user asked for it there.
            const nonce = (ctx.res as unknown as { locals?: { cspNonce?: string } }).locals?.cspNonce ?? "";
            ctx.body = simplePage(
              ctx,
              t("signOut.title"),
              `<h1>${escapeHtml(t("signOut.title"))}</h1><p>${escapeHtml(t("signOut.confirm"))}</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t("signOut.button"))}</button>
<script nonce="${nonce}">document.getElementById('op.logoutForm').insertAdjacentHTML('beforeend','<input type="hidden" name="logout" value="yes">');document.getElementById('op.logoutForm').submit();</script>`,
            );
            return;
          }
          // Any other request (a link or redirect from anywhere) asks first, and never submits itself.
          ctx.body = simplePage(
            ctx,
            t("signOut.askTitle"),
            `<h1>${escapeHtml(t("signOut.askTitle"))}</h1><p>${escapeHtml(t("signOut.ask"))}</p>${form}
<p class="actions"><button type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t("signOut.button"))}</button><a href="/">${escapeHtml(t("signOut.stay"))}</a></p>`,
          );
        },
        postLogoutSuccessSource: async (ctx) => {
          const t = translatorFor(localeFromHeaders(ctx.get("cookie"), ctx.get("accept-language")));
          ctx.body = simplePage(
            ctx,
            t("signOut.done"),
            `<h1>${escapeHtml(t("signOut.done"))}</h1><p><a class="button" href="/">${escapeHtml(t("auth.signInAgain"))}</a></p>`,
          );
        },
      },
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // Every refresh answers a new refresh token and consumes the one used; a consumed one presented
    // again revokes its whole grant (refresh_token.js: a stolen and replayed token ends both copies).
    rotateRefreshToken: true,
    ttl: {
      AccessToken: config.OIDC_ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      ClientCredentials: config.OIDC_ACCESS_TOKEN_TTL,
      IdToken: config.OIDC_ACCESS_TOKEN_TTL,
      Interaction: 60 * 60,
      // The provider's sign-in lasts as long as a portal session may (its absolute limit).
      Session: Math.ceil(config.SESSION_MAX_HOURS * 3600),
      Grant: Math.ceil(config.SESSION_MAX_HOURS * 3600),
      RefreshToken: Math.ceil(config.SESSION_MAX_HOURS * 3600),
    },
    renderError: async (ctx, out) => {
      const t = translatorFor(localeFromHeaders(ctx.get("cookie"), ctx.get("accept-language")));
      logger.warn({ error: out.error, description: out.error_description }, "identity provider error");
      ctx.type = "html";
      ctx.body = simplePage(
        ctx,
        t("auth.errorTitle"),
        `<h1>${escapeHtml(t("auth.errorTitle"))}</h1><p>${escapeHtml(t("auth.errorText"))}</p><p><a class="button" href="/">${escapeHtml(t("auth.signInAgain"))}</a></p>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  // X-Forwarded-Proto counts (secure cookies) only behind a proxy the configuration names.
  provider.proxy = config.TRUST_PROXY !== false;
  // The provider's own addresses (discovery, form actions, resume redirects) are always the
  // configured issuer's, never built from Host or X-Forwarded-Host, which any client can send.
  const issuerOrigin = new URL(issuer).origin;
  provider.use(async (ctx, next) => {
    // An absolute-form request line (GET http://elsewhere/oidc/...) names a host too: only its path counts.
    let path = "/";
    try {
      const target = new URL(ctx.request.originalUrl, issuerOrigin);
      path = target.pathname + target.search;
    } catch {
      // An unparseable target keeps "/": the address is only the base of the provider's own URLs.
    }
    Object.defineProperties(ctx.request, {
      origin: { value: issuerOrigin },
      href: { value: issuerOrigin + path },
    });
    await next();
  });
  provider.on("server_error", (_ctx, error) => logger.error({ err: error.message }, "identity provider server error"));
  mounted = provider;
  return provider;
}
