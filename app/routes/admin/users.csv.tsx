import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { everyListedUser } from "~/users/user-list.server";
import { userListStateOf } from "~/users/list-options";
import { csvFileName, csvResponse } from "~/lists/csv.server";
import { requestTranslator } from "~/i18n/i18next.server";

/** GET /admin/users.csv: the filtered list (search, filters, sort) as CSV, every page; scoped and guarded like the list. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const state = userListStateOf(new URL(request.url).searchParams);
  const t = await requestTranslator(request);
  const header = ["name", "email", "jobTitle", "location", "lastLogin", "status", "userType", "kind"].map((key) =>
    t(`adminUsers.${key}`),
  );
  async function* rows() {
    for await (const row of everyListedUser(db(), user, state)) {
      yield [
        `${row.firstName} ${row.lastName}`,
        row.email,
        row.jobTitle,
        row.location,
        row.lastLoginAt?.toISOString() ?? "",
        t(`adminUsers.statuses.${row.status}`),
        t(`adminUsers.userTypes.${row.userType}`),
        t(`adminUsers.kinds.${row.role === "admin" ? "administrator" : "standard"}`),
      ];
    }
  }
  return csvResponse(csvFileName("users"), header, rows());
}
