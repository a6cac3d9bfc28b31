/*
 * The OpenAPI document as the reference page shows it (issue #35, /api/docs): each operation with
 * its parameters and its bodies' fields as rows, so the page reads without a script.
 */

/** The JSON Schema the document's bodies are written in, as far as the portal's readers of it go. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  additionalProperties?: JsonSchema | boolean;
};

/** One field of a body: its path (`data.items[].title`), type, whether it must be there, and its limits. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

const MAX_DEPTH = 6;

function refName(ref: string): string {
  return ref.split("/").pop() ?? ref;
}

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  return schema.$ref ? (components[refName(schema.$ref)] ?? schema) : schema;
}

function typeOf(schema: JsonSchema, components: Record<string, JsonSchema>): string {
  const seen = resolve(schema, components);
  const variants = seen.anyOf ?? seen.oneOf;
  if (variants) return variants.map((variant) => typeOf(variant, components)).join(" | ");
  if (seen.const !== undefined) return JSON.stringify(seen.const);
  const types = Array.isArray(seen.type) ? seen.type : seen.type ? [seen.type] : [];
  const named = types.map((type) =>
    type === "array" ? `${seen.items ? typeOf(seen.items, components) : "any"}[]` : type,
  );
  if (seen.format) named[0] = `${named[0] ?? "string"} (${seen.format})`;
  return named.join(" | ") || (seen.properties ? "object" : "any");
}

function notesOf(schema: JsonSchema): string {
  const notes: string[] = [];
  if (schema.enum) notes.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`);
  if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined) notes.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined) notes.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) notes.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) notes.push(schema.description);
  return notes.join("; ");
}

/** The fields of a schema, depth first: an object's properties, an array's items' (`[]`). */
export function fieldRows(
  schema: JsonSchema,
  components: Record<string, JsonSchema> = {},
  prefix = "",
  depth = 0,
): FieldRow[] {
  const seen = resolve(schema, components);
  if (depth > MAX_DEPTH) return [];
  const nested = seen.items ? resolve(seen.items, components) : null;
  if (!prefix && !seen.properties) {
    if (nested?.properties) return fieldRows(nested, components, "[]", depth + 1);
    return [{ name: "(body)", type: typeOf(seen, components), required: true, notes: notesOf(seen) }];
  }
  const rows: FieldRow[] = [];
  for (const [name, property] of Object.entries(seen.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const resolved = resolve(property, components);
    rows.push({
      name: path,
      type: typeOf(property, components),
      required: (seen.required ?? []).includes(name),
      notes: notesOf(resolved),
    });
    const variants = (resolved.anyOf ?? resolved.oneOf ?? [resolved]).map((variant) => resolve(variant, components));
    for (const variant of variants) {
      if (variant.properties) rows.push(...fieldRows(variant, components, path, depth + 1));
      else if (variant.items && resolve(variant.items, components).properties)
        rows.push(...fieldRows(resolve(variant.items, components), components, `${path}[]`, depth + 1));
    }
  }
  return rows;
}

type Document = {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type OperationObject = {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema; example?: unknown }> }
  >;
};

export interface OperationOutline {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: (FieldRow & { in: string })[];
  body: FieldRow[] | null;
  bodyExample: string | null;
  responses: { status: string; description: string; fields: FieldRow[]; example: string | null }[];
}

export interface DocumentOutline {
  title: string;
  version: string;
  description: string;
  tags: { name: string; description: string; operations: OperationOutline[] }[];
}

const example = (value: unknown) => (value === undefined ? null : JSON.stringify(value, null, 2));

/** The document by tag, each operation with its rows (the reference page renders this). */
export function documentOutline(source: { paths: Record<string, Record<string, unknown>> }): DocumentOutline {
  const document = source as unknown as Document;
  const components = document.components?.schemas ?? {};
  const byTag = new Map<string, OperationOutline[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const json = operation.requestBody?.content["application/json"];
      const outline: OperationOutline = {
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? "",
        description: operation.description ?? "",
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          type: typeOf(parameter.schema, components),
          required: parameter.required ?? false,
          notes: [parameter.description, notesOf(parameter.schema)].filter(Boolean).join("; "),
        })),
        body: json ? fieldRows(json.schema, components) : null,
        bodyExample: example(json?.example),
        responses: Object.entries(operation.responses).map(([status, response]) => {
          const content = response.content?.["application/json"];
          return {
            status,
            description: response.description,
            fields: content ? fieldRows(content.schema, components) : [],
            example: example(content?.example),
          };
        }),
      };
      const tag = operation.tags?.[0] ?? "other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), outline]);
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description ?? "",
    tags: (document.tags ?? [])
      .filter((tag) => byTag.has(tag.name))
      .map((tag) => ({ name: tag.name, description: tag.description ?? "", operations: byTag.get(tag.name)! })),
  };
}
