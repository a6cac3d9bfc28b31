import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { documentListOptionsOf, documentViewerOf, everyListedDocument } from "~/documents/documents.server";
import { fileTypeLabel } from "~/documents/file-types";
import { formatFileSize } from "~/documents/file-size";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { localeOf, translatorFor } from "~/i18n/i18next.server";

/**
 * GET /documents.csv: the documents the user sees of the filtered library (subject, search, sort)
 * as CSV, and the audience for those who manage it; guarded like the library.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const viewer = documentViewerOf(user);
  const { options } = documentListOptionsOf(new URL(request.url).searchParams);
  const locale = await localeOf(request);
  const t = translatorFor(locale);
  const audience = viewer.managesLibrary;
  const header = [
    t("documents.name"),
    t("documents.description"),
    t("documents.subject"),
    t("documents.fileType"),
    t("documents.size"),
    t("documents.updated"),
    ...(audience ? [t("adminDocuments.brands"), t("adminDocuments.regions")] : []),
  ];
  const documents = await everyListedDocument(db(), user, options);
  async function* rows() {
    for (const row of documents) {
      yield [
        row.name,
        row.description,
        t(`documents.subjects.${row.subject}`),
        fileTypeLabel(row.contentType),
        formatFileSize(row.sizeBytes, locale),
        row.updatedAt.toISOString().slice(0, 10),
        ...(audience
          ? [
              row.brandIds.map((id) => t(`brands.${id}`)).join(", "),
              row.regionCodes.map((c) => t(`regions.${c}`)).join(", "),
            ]
          : []),
      ];
    }
  }
  return csvResponse(csvFileName("documents"), header, rows());
}
