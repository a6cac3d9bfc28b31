import type { SubmissionResult } from "@conform-to/react";
import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { z } from "zod";
import { keptValues, type RescuedFields } from "~/forms/form-rescue";

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
    const { values, stamp } = keptValues(fields, schema);
    const result: SubmissionResult<string[]> = { initialValue: values as SubmissionResult["initialValue"] };
    return { result, stamp };
  }, [fields, schema]);
}
