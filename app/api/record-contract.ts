import { z } from "zod";
import {
  apiOperation,
  dataOf,
  idParams,
  notFound,
  pageOf,
  staleStamp,
  type ApiOperation,
  type ApiReply,
  type ApiStatus,
  type ApiTag,
} from "~/api/contract";
import type { FeatureRule } from "~/security/feature-rule";

/*
 * The contract of an administered record's API (issue #35), as RecordApi answers it
 * (routes/api/v2/record-api.server.ts): list, create, read, update with the edit stamp, delete.
 * A domain gives its names, rules, schemas, examples and refusals; the five operations follow.
 */

/** A list's query: the screen's search, sort, page and rows per page, with the list's own filters. */
export function listQueryOf(descriptions: { q: string; sortBy: string }) {
  return z.object({
    q: z.string().optional().meta({ description: descriptions.q }),
    sortBy: z.string().optional().meta({ description: descriptions.sortBy }),
    sortType: z.string().optional().meta({ description: "asc or desc (asc unless given)." }),
    page: z.string().optional().meta({ description: "The page, from 1 (a page beyond the last is the last)." }),
    rowsPerPage: z.string().optional().meta({ description: "Rows per page: 10 (the default), 25, 50 or 100." }),
  });
}

export interface RecordContract {
  /** The collection's path: `/api/v2/admin/security-roles` (a record is `{path}/{id}`). */
  path: string;
  tag: ApiTag;
  /** The record's name in operation ids (`SecurityRole`, `SecurityRoles`). */
  ids: { one: string; many: string };
  /** Its name in the texts (`security role`, `security roles`), and in short (`role`). */
  names: { one: string; many: string; short: string };
  rules: { list: FeatureRule; record: FeatureRule; write: FeatureRule };
  listQuery: z.ZodObject;
  /** The editor's schema: the body of a create and an update. */
  schema: z.ZodType;
  rowSchema: z.ZodType;
  recordSchema: z.ZodType;
  examples: { row: unknown; record: unknown; body: Record<string, unknown>; stamp: string };
  descriptions: { list: string; create: string; read: string; update: string; delete: string };
  /** The service's refusals of a save: why not (400) and what the caller may not grant (403). */
  saveRefused: ApiReply;
  grantRefused: ApiReply;
  /** A delete's own refusals (a role still held: 409). */
  deleteRefusals?: Partial<Record<ApiStatus, ApiReply>>;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? "an" : "a");

/** The five operations of a record's API. */
export function recordApiOperations(record: RecordContract): ApiOperation[] {
  const { one, many } = record.names;
  const item = `${record.path}/{id}`;
  const recordReply = (description: string): ApiReply => ({
    description,
    schema: dataOf(record.recordSchema),
    example: { data: record.examples.record },
  });
  const saved = (verb: string) => recordReply(`The ${record.names.short}, ${verb}.`);
  return [
    apiOperation({
      method: "get",
      path: record.path,
      operationId: `list${record.ids.many}`,
      tag: record.tag,
      summary: `List ${many}`,
      description: record.descriptions.list,
      rule: record.rules.list,
      query: record.listQuery,
      replies: {
        200: {
          description: `A page of ${many}.`,
          schema: dataOf(pageOf(record.rowSchema)),
          example: { data: { items: [record.examples.row], total: 1, page: 1, pageCount: 1 } },
        },
      },
    }),
    apiOperation({
      method: "post",
      path: record.path,
      operationId: `create${record.ids.one}`,
      tag: record.tag,
      summary: `Create ${article(one)} ${one}`,
      description: record.descriptions.create,
      rule: record.rules.write,
      body: record.schema,
      bodyExample: record.examples.body,
      replies: { 201: saved("created"), 400: record.saveRefused, 403: record.grantRefused },
    }),
    apiOperation({
      method: "get",
      path: item,
      operationId: `get${record.ids.one}`,
      stamped: true,
      tag: record.tag,
      summary: `Read ${article(one)} ${one}`,
      description: record.descriptions.read,
      rule: record.rules.record,
      params: idParams,
      replies: {
        200: recordReply(`The ${record.names.short}.`),
        404: notFound(`the ${one}`),
      },
    }),
    apiOperation({
      method: "put",
      path: item,
      operationId: `update${record.ids.one}`,
      stamped: true,
      tag: record.tag,
      summary: `Update ${article(one)} ${one}`,
      description: record.descriptions.update,
      rule: record.rules.write,
      params: idParams,
      body: record.schema,
      bodyExample: { ...record.examples.body, updatedAt: record.examples.stamp },
      replies: {
        200: saved("saved"),
        400: record.saveRefused,
        403: record.grantRefused,
        404: notFound(`the ${one}`),
        409: staleStamp(),
      },
    }),
    apiOperation({
      method: "delete",
      path: item,
      operationId: `delete${record.ids.one}`,
      tag: record.tag,
      summary: `Delete ${article(one)} ${one}`,
      description: record.descriptions.delete,
      rule: record.rules.write,
      params: idParams,
      replies: {
        204: { description: `The ${record.names.short} was deleted.` },
        404: notFound(`the ${one}`),
        ...record.deleteRefusals,
      },
    }),
  ].map((operation) => ({ ...operation, summary: capitalised(operation.summary) }));
}
