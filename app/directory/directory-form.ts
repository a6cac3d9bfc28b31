import { recordIdOf } from "~/navigation/id-param";
import type { DirectoryPerson } from "./rules";

/** A no-JavaScript person search of one location's edit form: per role the text and its people, and the choices kept. */
export interface DirectorySearchAnswer {
  organizationId: number;
  searches: Record<number, { text: string; results: DirectoryPerson[] }>;
  chosen: Record<number, DirectoryPerson | null>;
}

/** The address of a directory screen with one location in edit mode (or none), keeping its other parameters. */
export function withEditing(path: string, params: URLSearchParams, locationId: number | null): string {
  const next = new URLSearchParams(params);
  next.delete("saved");
  if (locationId === null) next.delete("edit");
  else next.set("edit", String(locationId));
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}

/** The location in edit mode, from the address (`?edit=<id>`). */
export function editingLocationOf(params: URLSearchParams): number | null {
  return recordIdOf(params.get("edit"));
}
