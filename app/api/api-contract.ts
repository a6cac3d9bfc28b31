import { z } from "zod";
import { apiOperation, type ApiOperation } from "~/api/contract";

/** The API's own operations: its contract. */
export const apiOwnOperations: ApiOperation[] = [
  apiOperation({
    method: "get",
    path: "/api/v2/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "api",
    summary: "This document: the OpenAPI 3.1 contract of /api/v2",
    description: "Generated from the schemas the routes validate with; readable at /api/docs. No sign-in needed.",
    rule: {},
    public: true,
    replies: {
      200: {
        description: "The OpenAPI 3.1 document.",
        schema: z
          .object({ openapi: z.literal("3.1.0"), info: z.object({ title: z.string(), version: z.string() }).loose() })
          .loose(),
      },
    },
  }),
];
