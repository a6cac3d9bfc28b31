import { z } from "zod";

/**
 * A downstream system that receives the portal's identity and organization changes (issue #15 §3):
 * configured in INTEGRATION_TARGETS as a JSON list, e.g.
 * `[{"name":"dms","type":"DMS","url":"https://dms.example.com/portal-sync","secret":"…"}]`.
 */
export interface IntegrationTarget {
  /** Its id in the report and in the status view: lower-case letters, digits and dashes. */
  name: string;
  /** The kind of system (the report's "target type"). */
  type: string;
  url: string;
  /** Shared secret of the HMAC signature header; never logged or shown. */
  secret: string;
}

/** Plain http is for a target on this machine (a test's or a developer's), or when allowed on purpose. */
function reachable(url: string, allowInsecureHttp: boolean): boolean {
  const parsed = new URL(url);
  if (parsed.protocol === "https:") return true;
  if (parsed.protocol !== "http:") return false;
  return allowInsecureHttp || ["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname);
}

const targetSchema = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "must be lower-case letters, digits and dashes (at most 40)"),
  type: z.string().trim().min(1).max(40),
  url: z.url(),
  secret: z.string().min(16, "must be at least 16 characters"),
});

/**
 * The configured targets, or a one-line reason why the setting is wrong (the server refuses to
 * start on it rather than drop pushes quietly). Empty or unset: no targets, nothing is pushed.
 */
export function parseIntegrationTargets(
  raw: string | undefined,
  allowInsecureHttp: boolean,
): { targets: IntegrationTarget[] } | { problem: string } {
  if (!raw?.trim()) return { targets: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { problem: "is not valid JSON (a list of {name, type, url, secret})" };
  }
  const parsed = z.array(targetSchema).max(20).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `${issue.path.join(".")} ${issue.message}`.trim() };
  }
  const names = new Set<string>();
  for (const [index, target] of parsed.data.entries()) {
    if (names.has(target.name)) return { problem: `${index}.name "${target.name}" is used twice` };
    names.add(target.name);
    if (!reachable(target.url, allowInsecureHttp)) {
      return { problem: `${index}.url must be https:// (http only for localhost, or with ALLOW_INSECURE_HTTP=true)` };
    }
  }
  return { targets: parsed.data };
}
