import { useForm } from "@conform-to/react";
import { preferredLanguageOf } from "~/auth/callback.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { requireFeatures, requireRouteAccess } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { FormStep } from "~/ui/FormStep";
import { F } from "~/permissions/features";
import { satisfiesRule } from "~/security/feature-rule";
import { USERS_LIFECYCLE } from "~/permissions/write-rules";
import { readFormData } from "~/security/form-body.server";
import { titleMeta } from "~/shell/page-title";
import { CREATE_STARTS, createStartSchema } from "~/users/schema";
import { newUserDraft } from "~/users/draft";
import { NEW_USER, readDraft, writeDraft } from "~/users/drafts.server";
import { RadioGroup, TypeAndKind } from "~/users/components/RadioGroup";
import { toCopyUser, toCreateUser, toUsers } from "~/users/routes";

export const meta = titleMeta("adminUsers.createTitle");

/** Starting from role(s) or from a copy needs feature:dev as well (SPEC §2): otherwise only "from scratch" is offered. */
const canCopy = (features: readonly string[]) => satisfiesRule(features, { all: [F.dev] });

/**
 * SPEC §2 create flow, the chooser (issue #14 §3): how to start, user type, administrator or
 * standard. A new user the administrator began and did not complete can be continued.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request);
  const started = await readDraft(db(), user, NEW_USER);
  return { canCopy: canCopy(user.access.features), started: Boolean(started) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireFeatures(request, USERS_LIFECYCLE);
  const submission = parseWithZod(await readFormData(request), { schema: createStartSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ formErrors: ["validations.formError"] }) }, { status: 400 });
  }
  const { start, userType, kind } = submission.value;
  if (start === "scratch") {
    const preferredLanguage = (await preferredLanguageOf(db(), user.identityId)) ?? undefined;
    await writeDraft(db(), user, NEW_USER, newUserDraft({ userType, role: kind, preferredLanguage }), null);
    return redirect(toCreateUser("contact"));
  }
  // The copy pages check feature:dev themselves: a forged choice ends at access-denied there.
  const query = new URLSearchParams({ userType, kind });
  return redirect(toCopyUser(start === "roles" ? "copyrole" : "copyuser", query));
}

export default function CreateUserChooser() {
  const { canCopy, started } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { start: canCopy ? "roles" : "scratch", userType: "external", kind: "regular" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createStartSchema }),
    shouldValidate: "onSubmit",
  });
  const starts = CREATE_STARTS.filter((start) => canCopy || start === "scratch");
  return (
    <FormStep
      title={t("adminUsers.createTitle")}
      back={{ to: toUsers(), label: t("adminUsers.back") }}
      form={form}
      intro={
        started && (
          <p className="notice">
            {t("adminUsers.startedDraft")} <Link to={toCreateUser("contact")}>{t("adminUsers.continueDraft")}</Link>
          </p>
        )
      }
    >
      <RadioGroup
        name={fields.start.name}
        legend={t("adminUsers.startLegend")}
        defaultValue={fields.start.initialValue}
        errorId={fields.start.errorId}
        errors={fields.start.errors}
        options={starts.map((start) => ({
          value: start,
          label: t(`adminUsers.starts.${start}`),
          hint: start === "scratch" ? t("adminUsers.notRecommended") : undefined,
        }))}
      />
      <TypeAndKind userType={fields.userType} kind={fields.kind} />
    </FormStep>
  );
}
