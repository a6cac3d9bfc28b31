import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { logger } from "~/logger.server";
import { localeOf } from "~/i18n/i18next.server";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { readFormData } from "~/security/form-body.server";
import { titleMeta } from "~/shell/page-title";
import { everySecurityQuestionText, migrationDataFor } from "~/account-migration/migration-data.server";
import {
  changePasswordOnDemand as storeOnDemand,
  migrateAccount,
  migrationPending,
} from "~/account-migration/migration.server";
import { changePasswordOnDemand } from "~/account-migration/routes";
import { migrationSchema } from "~/account-migration/schema";
import { AccountMigrationDone, AccountMigrationModal } from "~/account-migration/AccountMigrationModal";

export const meta = titleMeta("accountMigration.title");

const SECRETS = ["password", "confirmPassword"];

function returnToOf(request: Request): string {
  return inSiteRedirectTarget(new URL(request.url).searchParams.get("returnTo"));
}

/**
 * The account migration modal as a page (SPEC §2): where its form posts, and what a browser
 * without JavaScript shows. An account with nothing to migrate goes back where it came from,
 * unless feature:dev opened it on demand (SPEC §6), where it can be closed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const returnTo = returnToOf(request);
  const pending = await migrationPending(db(), user);
  const onDemand = !pending && changePasswordOnDemand(user.access.features);
  const done = !pending && new URL(request.url).searchParams.get("done") === "1";
  if (!pending && !done && !onDemand) throw redirect(returnTo);
  return { done, onDemand, migration: migrationDataFor(user, await localeOf(request)), returnTo };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request);
  const returnTo = returnToOf(request);
  const formData = await readFormData(request);
  const schema = migrationSchema(migrationDataFor(user, await localeOf(request)).names, everySecurityQuestionText());
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ formErrors: ["validations.formError"], hideFields: SECRETS }) },
      { status: 400 },
    );
  }
  try {
    const store = changePasswordOnDemand(user.access.features) ? storeOnDemand : migrateAccount;
    const outcome = await store(db(), user, submission.value);
    if (outcome.kind === "notRequired") throw redirect(returnTo);
    throw redirect(`/account/migrate?done=1&returnTo=${encodeURIComponent(returnTo)}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ err: message, identityId: user.identityId }, "account migration failed");
    return data({ result: submission.reply({ hideFields: SECRETS }), failure: message }, { status: 500 });
  }
}

export default function AccountMigration() {
  const { done, onDemand, migration, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (done) return <AccountMigrationDone returnTo={returnTo} />;
  return (
    <AccountMigrationModal
      migration={migration}
      returnTo={returnTo}
      closable={onDemand}
      result={actionData?.result}
      failure={actionData && "failure" in actionData ? String(actionData.failure) : undefined}
    />
  );
}
