import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiFeatures } from "~/auth/api-auth.server";
import { apiError, apiJson } from "~/api/replies.server";
import { jsonBody, validationReply } from "~/api/validation-reply.server";
import { db } from "~/db/client.server";
import { localeOf, requestedLocale } from "~/i18n/i18next.server";
import { SIGNED_IN } from "~/security/feature-rule";
import {
  assignedLocationsOf,
  distributionListsFor,
  ownProfile,
  setOwnSubscriptions,
  subscriptionIdsOf,
  updateOwnProfileField,
} from "~/preferences/preferences.server";
import { profileFieldSchema } from "~/preferences/profile-field";
import { emailPreferencesBody, oneFieldBody } from "~/preferences/schema";

/** GET /api/v2/user?profile (SPEC §7): the caller's own profile, locations and subscriptions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiFeatures(request, SIGNED_IN);
  const profile = await ownProfile(db(), user);
  if (!profile) return apiError(404, "Not Found");
  const [locations, subscriptions] = await Promise.all([
    assignedLocationsOf(db(), user),
    subscriptionIdsOf(db(), user),
  ]);
  return apiJson({ data: { ...profile, locations, emailPreferences: subscriptions } });
}

/**
 * PATCH /api/v2/user (SPEC §7): `{ key, value }` updates one field of the caller's own profile
 * (the preferences page's schema and service); `{ emailPreferences: [listIds] }` sets the
 * subscriptions among the lists offered to the caller.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "PATCH") return apiError(405, "Method Not Allowed");
  const user = await requireApiFeatures(request, SIGNED_IN);
  const body = await jsonBody(request);
  const locale = await localeOf(request);
  const preferences = emailPreferencesBody.safeParse(body);
  if (preferences.success) {
    const offered = await distributionListsFor(
      db(),
      user.access.brands.map((b) => b.id),
      await requestedLocale(request),
    );
    await setOwnSubscriptions(db(), user, offered, preferences.data.emailPreferences);
    return apiJson({ data: { emailPreferences: await subscriptionIdsOf(db(), user) } });
  }
  const oneField = oneFieldBody.safeParse(body);
  if (!oneField.success) return apiError(400, "Send { key, value } or { emailPreferences }");
  // An empty value clears an optional field, as the form does.
  const field = profileFieldSchema.safeParse({ field: oneField.data.key, value: oneField.data.value || undefined });
  if (!field.success) return validationReply(field.error, locale);
  await updateOwnProfileField(db(), user, field.data);
  return apiJson({ data: await ownProfile(db(), user) });
}
