import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { z } from "zod";
import { rescuedForm, type RescuedFields } from "~/forms/form-rescue";

/** What the root's data carries of a rescued post (issue #34), read without naming the root's types. */
type RootWithRescue = { user?: { formRescue?: RescuedFields | null } | null } | undefined;

/**
 * The post of this page that met an ended session, as the form's last result: Conform fills every
 * field in as it was posted (nothing is saved until the user saves), and the edit stamp it carried.
 */
export function useRescuedSubmission(
  schema: z.ZodTypeAny,
): { result: SubmissionResult<string[]>; stamp: string | undefined } | null {
  const fields = (useRouteLoaderData("root") as RootWithRescue)?.user?.formRescue;
  return useMemo(() => {
    if (!fields) return null;
    const submission = parseWithZod(rescuedForm(fields), { schema });
    const stamp = fields.find(([name]) => name === "updatedAt")?.[1];
    const result: SubmissionResult<string[]> = { initialValue: submission.payload as SubmissionResult["initialValue"] };
    return { result, stamp };
  }, [fields, schema]);
}
