import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { recordIdOf } from "~/navigation/id-param";
import { attachmentDisposition } from "~/documents/file-types";
import { openDocumentFile } from "~/documents/documents.server";
import { fileStore } from "~/storage/file-store.server";

/**
 * A document's file, streamed as an attachment with its stored content type and a safe file
 * name. Unknown ids and documents the user may not see answer the same 404. The server's helmet
 * adds `X-Content-Type-Options: nosniff` to every response (set here too, it would be sent twice).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const id = recordIdOf(params.id);
  const file = id === null ? null : await openDocumentFile(db(), user, fileStore(), id);
  if (!file) throw new Response("Not Found", { status: 404 });
  return new Response(file.stream, {
    status: 200,
    headers: {
      "Content-Type": file.row.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": attachmentDisposition(file.row.fileName),
      "Cache-Control": "private, no-store",
    },
  });
}
