/**
 * fast-check arbitraries from the JSON Schema of the OpenAPI document (issue #35 §2): the fuzz
 * suite draws bodies that keep to each write's documented schema — so they reach past validation
 * into the services — beside the hostile ones it sends anyway.
 */
import fc from "fast-check";
import type { JsonSchema } from "../../app/api/openapi-outline";

export type { JsonSchema };

/** Strings and lists are kept short: the point is their shape, not their size (the size limits have their own tests). */
const MAX_STRING = 40;
const MAX_ITEMS = 4;
const MAX_DEPTH = 5;

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length <= (schema.maxLength ?? 10_000));
    } catch {
      // A pattern JavaScript does not take: plain strings instead.
    }
  }
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === "date") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "uri") return fc.webUrl();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
  return fc.string({ minLength, maxLength });
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
  if (integer)
    return fc.integer({
      min: Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER),
      max: Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER),
    });
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of the values a schema describes (its `$ref`s resolved in `definitions`). */
export function arbitraryOf(
  schema: JsonSchema,
  definitions: Record<string, JsonSchema> = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const target = definitions[schema.$ref.split("/").pop() ?? ""];
    return target ? arbitraryOf(target, definitions, depth) : fc.jsonValue();
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => arbitraryOf(variant, definitions, depth)));
  if (schema.allOf?.length) return arbitraryOf(Object.assign({}, ...schema.allOf) as JsonSchema, definitions, depth);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...schema, type }, definitions, depth)));
  switch (types[0]) {
    case "string":
      return stringOf(schema);
    case "integer":
      return numberOf(schema, true);
    case "number":
      return numberOf(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (depth >= MAX_DEPTH) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      return fc.array(schema.items ? arbitraryOf(schema.items, definitions, depth + 1) : fc.jsonValue(), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    }
    case "object": {
      if (depth >= MAX_DEPTH || !schema.properties) return fc.constant({});
      const required = new Set(schema.required ?? []);
      const model = Object.fromEntries(
        Object.entries(schema.properties).map(([name, property]) => [
          name,
          arbitraryOf(property, definitions, depth + 1),
        ]),
      );
      return fc.record(model, { requiredKeys: Object.keys(model).filter((name) => required.has(name)) });
    }
    default:
      return fc.jsonValue();
  }
}
