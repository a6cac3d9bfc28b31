import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

const schema = z.object({
  email: z.email(),
  message: z.string().trim().min(1).max(500),
});

export const meta: MetaFunction = () => [{ title: "Floor" }];

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return { result: submission.reply(), sentTo: null };
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

export default function Index() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
  });
  return (
    <main>
      <h1>{t("heading")}</h1>
      <p>{t("intro")}</p>
      {actionData?.sentTo ? <p role="status">{t("sent", { email: actionData.sentTo })}</p> : null}
      <Form method="post" {...getFormProps(form)}>
        <label htmlFor={fields.email.id}>{t("email")}</label>
        <input {...getInputProps(fields.email, { type: "email" })} />
        <p id={fields.email.errorId}>{fields.email.errors}</p>
        <label htmlFor={fields.message.id}>{t("message")}</label>
        <textarea {...getTextareaProps(fields.message)} />
        <p id={fields.message.errorId}>{fields.message.errors}</p>
        <button type="submit">{t("send")}</button>
      </Form>
    </main>
  );
}
