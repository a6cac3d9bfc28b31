import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiJson } from "~/api/replies.server";
import { db } from "~/db/client.server";
import { requestedLocale } from "~/i18n/i18next.server";
import { SIGNED_IN } from "~/security/feature-rule";
import { distributionListsFor } from "~/preferences/preferences.server";

/** GET /api/v2/emails/definitions (SPEC §7): the e-mail distribution lists offered to the caller, in their language (or `language`). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiFeatures(request, SIGNED_IN);
  const lists = await distributionListsFor(
    db(),
    user.access.brands.map((b) => b.id),
    await requestedLocale(request),
  );
  return apiJson({ data: { items: lists } });
}
