import { F } from "~/permissions/features";
import type { RouteAccess } from "~/permissions/route-rules";
import type { FeatureRule } from "~/security/feature-rule";

const documents: FeatureRule = { all: [F.documentsView] };

export const documentRoutes = {
  documents: {
    pattern: "/documents",
    rule: documents,
    takesFiles: true,
    nav: [{ labelKey: "nav.documents", to: "/documents", menus: ["main"] }],
  },
  documentsExport: { pattern: "/documents.csv", rule: documents },
  /** A document's file: the library's rule; the document's own visibility decides 404 after it. */
  documentDownload: { pattern: "/documents/:id/download", rule: documents },
} as const satisfies Record<string, RouteAccess>;
