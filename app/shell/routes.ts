import type { RouteAccess } from "~/permissions/route-rules";
import { SIGNED_IN } from "~/security/feature-rule";

/** The shell's own routes: home, the access-denied page, sign-in's return and the session's keep-alive. */
export const shellRoutes = {
  home: { pattern: "/", rule: SIGNED_IN },
  accessDenied: { pattern: "/access-denied", rule: {}, public: true },
  loginCallback: { pattern: "/login/callback", rule: {}, public: true },
  /** "Stay logged in" of the session time-out warning. */
  sessionKeepalive: { pattern: "/session/keepalive", rule: SIGNED_IN },
} as const satisfies Record<string, RouteAccess>;
