import { gunzipSync, inflateSync, brotliDecompressSync } from "node:zlib";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";

/*
 * The contract checked, not hoped (issue #35 §2): in the test suites the server holds every /api/v2
 * answer against the OpenAPI document — the operation, the status, the body's type and schema. A
 * violation is recorded (and fails the test that caused it); the answer itself goes out unchanged.
 */

type JsonSchema = Record<string, unknown>;
type Responses = Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
type Document = {
  paths: Record<string, Record<string, { responses: Responses }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export interface ApiAnswer {
  method: string;
  /** The address's path (no query). */
  path: string;
  status: number;
  contentType: string | undefined;
  contentEncoding?: string | undefined;
  body: Buffer;
}

/**
 * What the document says nothing of: a method the route does not answer (405), an unknown address
 * (404), or one the server refuses before any route reads it, whatever its method (400: it does not decode).
 */
const UNDOCUMENTED_ANSWERS = new Set([400, 404, 405]);

function inlineRefs(schema: unknown, components: Record<string, JsonSchema>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, components));
  if (!schema || typeof schema !== "object") return schema;
  const { $ref, ...rest } = schema as { $ref?: string };
  if (typeof $ref === "string" && $ref.startsWith("#/components/schemas/"))
    return inlineRefs(components[$ref.slice("#/components/schemas/".length)], components);
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlineRefs(value, components)]));
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? "").toLowerCase()) {
    case "gzip":
      return gunzipSync(body);
    case "deflate":
      return inflateSync(body);
    case "br":
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

/** A checker of answers against the document: null when an answer keeps to it, else what it breaks. */
export function apiContractChecker(source: {
  paths: Record<string, Record<string, unknown>>;
}): (answer: ApiAnswer) => string | null {
  const document = source as unknown as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const components = document.components?.schemas ?? {};
  const routes = Object.entries(document.paths).map(([template, methods]) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    methods,
  }));
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (key: string, schema: JsonSchema) => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(inlineRefs(schema, components) as JsonSchema);
      validators.set(key, validate);
    }
    return validate;
  };

  return (answer) => {
    const method = answer.method.toLowerCase() === "head" ? "get" : answer.method.toLowerCase();
    if (method === "options") return null;
    // Literal paths before templated ones: /announcements/definitions is not /announcements/{id}.
    const candidates = routes.filter((route) => route.pattern.test(answer.path));
    const route = candidates.find((candidate) => !candidate.template.includes("{")) ?? candidates[0];
    const operation = route?.methods[method];
    if (!route || !operation) {
      if (UNDOCUMENTED_ANSWERS.has(answer.status)) return null;
      return `${answer.method} ${answer.path} answered ${answer.status}, but the document has no such operation`;
    }
    const where = `${method.toUpperCase()} ${route.template}`;
    const reply = operation.responses[String(answer.status)];
    if (!reply) return `${where} answered ${answer.status}, which the document does not list`;
    const [mediaType, json] = Object.entries(reply.content ?? {})[0] ?? [];
    if (!json || !mediaType) {
      if (answer.body.length > 0 && answer.method.toLowerCase() !== "head")
        return `${where} ${answer.status} has a body, which the document does not describe`;
      return null;
    }
    if (answer.method.toLowerCase() === "head") return null;
    if ((answer.contentType ?? "").split(";")[0].trim().toLowerCase() !== mediaType)
      return `${where} ${answer.status} answered ${answer.contentType ?? "no content type"}, not ${mediaType}`;
    let body: unknown;
    try {
      body = JSON.parse(decoded(answer.body, answer.contentEncoding).toString("utf8"));
    } catch {
      return `${where} ${answer.status} answered a body that is not JSON`;
    }
    const validate = validatorOf(`${where} ${answer.status}`, json.schema);
    if (validate(body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map(
        (error) =>
          `${error.instancePath || "(body)"} ${error.message ?? ""}${error.params ? ` ${JSON.stringify(error.params)}` : ""}`,
      );
    return `${where} ${answer.status}: ${errors.join("; ")}`;
  };
}
