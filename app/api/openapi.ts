import { z } from "zod";
import { API_TAGS, apiErrorSchema, type ApiOperation, type ApiReply } from "~/api/contract";

/*
 * The OpenAPI 3.1 document of /api/v2 (issue #35), built from the operations the domains describe
 * (app/api/contract.ts) and their Zod schemas: JSON Schema 2020-12, which OpenAPI 3.1 speaks.
 */

type JsonSchema = Record<string, unknown>;

/** A Zod schema as JSON Schema: the request side (what a caller may send) or the answer's. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output", shared = true): JsonSchema {
  if (shared && schema === apiErrorSchema) return { $ref: "#/components/schemas/ApiError" };
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    // A refinement (a date's calendar check) is the server's to apply; its type still shows.
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

function parametersOf(operation: ApiOperation) {
  const parameters: Record<string, unknown>[] = [];
  for (const [place, shape] of [
    ["path", operation.params],
    ["query", operation.query],
    ["header", operation.requestHeaders],
  ] as const) {
    if (!shape) continue;
    const schema = jsonSchemaOf(shape, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const { description, ...rest } = property as { description?: string };
      parameters.push({
        name,
        in: place,
        required: place === "path" || (schema.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return parameters;
}

function responseOf(reply: ApiReply) {
  return {
    description: reply.description,
    ...(reply.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(reply.headers).map(([name, description]) => [
              name,
              { description, schema: { type: "string" } },
            ]),
          ),
        }
      : {}),
    ...(reply.schema
      ? {
          content: {
            [reply.mediaType ?? "application/json"]: {
              schema: jsonSchemaOf(reply.schema, "output"),
              ...(reply.example !== undefined ? { example: reply.example } : {}),
            },
          },
        }
      : {}),
  };
}

function featuresText(operation: ApiOperation): string {
  const { all, any, exclude } = operation.rule;
  const parts = [
    all?.length ? `all of ${all.join(", ")}` : "",
    any?.length ? `any of ${any.join(", ")}` : "",
    exclude?.length ? `none of ${exclude.join(", ")}` : "",
  ].filter(Boolean);
  return parts.length ? `Needs ${parts.join("; ")}.` : "Needs a signed-in caller only.";
}

export interface OpenApiInfo {
  version: string;
  serverUrl: string;
}

/** The OpenAPI 3.1 document of the given operations. */
export function openApiDocument(operations: readonly ApiOperation[], info: OpenApiInfo) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of [...operations].sort((a, b) => a.path.localeCompare(b.path))) {
    const parameters = parametersOf(operation);
    (paths[operation.path] ??= {})[operation.method] = {
      operationId: operation.operationId,
      ...(operation.public ? { security: [] } : {}),
      tags: [operation.tag],
      summary: operation.summary,
      description: [operation.description, featuresText(operation)].filter(Boolean).join("\n\n"),
      ...(parameters.length ? { parameters } : {}),
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: jsonSchemaOf(operation.body, "input"),
                  ...(operation.bodyExample !== undefined ? { example: operation.bodyExample } : {}),
                },
              },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(operation.replies)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([status, reply]) => [status, responseOf(reply!)]),
      ),
    };
  }
  const usedTags = new Set(operations.map((operation) => operation.tag));
  return {
    openapi: "3.1.0",
    info: {
      title: "Dealer Portal API",
      version: info.version,
      description:
        "The portal's API for the systems around it. Every answer is the caller's own (`Cache-Control: private, no-store`). " +
        "Call it with the portal's session cookie (the portal's own pages), a bearer access token from the portal's identity provider, " +
        "or as an API client: an administrator makes one under /admin/api-clients, and the calling system gets its token by the " +
        "OAuth 2.0 client credentials grant. A client acts for its creator, within its scopes and locations; operations on a signed-in " +
        "person's own account (/api/v2/user) are not for clients.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: info.serverUrl }],
    security: [{ bearer: [] }, { apiClient: [] }, { session: [] }],
    tags: Object.entries(API_TAGS)
      .filter(([name]) => usedTags.has(name as keyof typeof API_TAGS))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(apiErrorSchema, "output", false) },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An access token of the portal's identity provider." },
        apiClient: {
          type: "oauth2",
          description:
            "An API client's token (issue #35): the client credentials grant at the portal's identity provider, the client " +
            "authenticated with HTTP Basic (client ID and secret); sent as a bearer token.",
          flows: { clientCredentials: { tokenUrl: "/oidc/token", scopes: {} } },
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "__session",
          description: "The portal's session (its own pages).",
        },
      },
    },
  };
}
