import { hrefWith, type LinkQuery } from "~/ui/href";
import { F } from "~/permissions/features";
import type { RouteAccess } from "~/permissions/route-rules";

const network = { all: [F.networkRead] };

export const networkRoutes = {
  /** Issue #40 §1: the dealer network at a glance, drillable, and the locations behind each figure. */
  // In the header, beside Documents and Support: the maker's managers hold no admin status (SPEC §6)
  // and so have no Admin menu; this screen is where their work starts.
  network: {
    pattern: "/admin/network",
    rule: network,
    nav: [{ labelKey: "adminLinks.network", to: "/admin/network", menus: ["main"] }],
  },
  networkExport: { pattern: "/admin/network.csv", rule: network },
} as const satisfies Record<string, RouteAccess>;

/** The dashboard at a level (brand and region, dealer), or the locations behind a figure (`need`). */
export const toNetwork = (query?: LinkQuery) => hrefWith("/admin/network", query);

/** The CSV of every location of a level, with all its figures. */
export const toNetworkCsv = (query?: LinkQuery) => hrefWith("/admin/network.csv", query);
