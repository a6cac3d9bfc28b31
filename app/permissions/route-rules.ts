import type { FeatureRule } from "~/security/feature-rule";
import { hrefWith, type LinkQuery } from "~/ui/href";

/** Where a route is offered: the header's Admin menu, its main entries, or SPEC §6's launcher admin links. */
export type NavMenu = "admin" | "main" | "launcher";

/** One link to a route: its label, its address, and the menus that offer it. */
export interface NavEntry {
  labelKey: string;
  to: string;
  menus: readonly NavMenu[];
  /** Launcher admin links shown without a check of this route's rule (SPEC §6: manage directory). */
  launcherUnchecked?: true;
}

/**
 * One route of the guard table (SPEC §2), declared by the domain that owns it (`<domain>/routes.ts`).
 * Loaders, actions, navigation and the launcher all read the table. `public` routes need no
 * sign-in; `nav` says where the route is linked from (in the order of the table); `planned` marks
 * a route whose screen does not exist yet: it is guarded (before its 404) but never linked.
 */
export interface RouteAccess {
  /** URL pattern with :params and an optional trailing ? */
  pattern: string;
  rule: FeatureRule;
  public?: boolean;
  nav?: readonly NavEntry[];
  planned?: true;
  /** Its page's form posts a file: its body may be as large as an upload (security/body-limits). */
  takesFiles?: true;
  /** Its form fills in a post that met an ended session, after sign-in (issue #34 form rescue). */
  rescuesForms?: true;
}

/**
 * A route module: its URL path (relative to its parent, Remix's route config) and its file under
 * app/, in a folder that mirrors the URL. Each domain lists its own; app/routes.ts composes them.
 */
export interface RouteModule {
  path?: string;
  index?: true;
  file: string;
  children?: RouteModule[];
}

/** The guard table: every domain's routes by key, in the order menus list their links. */
export type RouteTable = Readonly<Record<string, RouteAccess>>;

/*
 * Paths are matched the way the router matches them, so an odd spelling of a guarded path is
 * guarded like its canonical form: each segment percent-decoded, case-insensitive, any number of
 * trailing slashes.
 */
function patternToRegExp(pattern: string): RegExp {
  const parts = pattern.split("/").filter(Boolean);
  let source = "^";
  for (const part of parts) {
    if (part.startsWith(":")) {
      const optional = part.endsWith("?");
      source += optional ? "(?:/[^/]+)?" : "/[^/]+";
    } else {
      source += "/" + part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(source + "/*$", "i");
}

/** A path as the router reads it: each segment percent-decoded (an encoded slash stays encoded). */
export function decodedPath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

let assembled: { table: RouteTable; compiled: (readonly [string, RegExp, RouteAccess])[] } | null = null;

/** Called once per process by the composition (app/assembly/portal.server.ts) with every domain's routes. */
export function assembleRouteTable(table: RouteTable): void {
  const compiled = Object.entries(table).map(
    ([key, access]) => [key, patternToRegExp(access.pattern), access] as const,
  );
  assembled = { table, compiled };
}

/** The patterns of the routes whose page posts a file: they take the upload body limit. */
export function uploadPatterns(): string[] {
  return Object.values(routeTable())
    .filter((access) => access.takesFiles)
    .map((access) => access.pattern);
}

/** The assembled table; a process that guards a route before it is assembled is a wiring fault, so it fails loudly. */
export function routeTable(): RouteTable {
  return assembledTable().table;
}

function assembledTable(): NonNullable<typeof assembled> {
  if (!assembled) throw new Error("The route table was not assembled (app/assembly/portal.server.ts)");
  return assembled;
}

/**
 * The access entry for a path. Literal segments win over parameters, so
 * /admin/users/create matches createUser, not editUser.
 */
export function routeAccessFor(pathname: string): { key: string; access: RouteAccess } | undefined {
  const path = decodedPath(pathname);
  const matches = assembledTable().compiled.filter(([, re]) => re.test(path));
  if (matches.length === 0) return undefined;
  const literalCount = (pattern: string) => pattern.split("/").filter((p) => p && !p.startsWith(":")).length;
  matches.sort((a, b) => literalCount(b[2].pattern) - literalCount(a[2].pattern));
  const [key, , access] = matches[0];
  return { key, access };
}

/** A screen offered in the header's Admin menu and among the launcher's admin links. */
export function adminMenuLink(labelKey: string, to: string): NavEntry[] {
  return [{ labelKey, to, menus: ["admin", "launcher"] }];
}

/** The links of a list screen and of its records' editor (a new record's without an id), with their queries. */
export function listAndRecordLinks(listPath: string, recordPath: string) {
  return {
    toList: (query?: LinkQuery) => hrefWith(listPath, query),
    toRecord: (id?: number, query?: LinkQuery) =>
      hrefWith(id === undefined ? recordPath : `${recordPath}/${id}`, query),
  };
}
