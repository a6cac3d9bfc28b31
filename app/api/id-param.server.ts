import { apiError } from "~/api/replies.server";
import { recordIdOf } from "~/navigation/id-param";

/** The record id of an API address; anything else is the API's 404 (JSON, not the page's). */
export function apiIdParam(value: string | undefined): number {
  const id = recordIdOf(value);
  if (id === null) throw apiError(404, "Not Found");
  return id;
}
