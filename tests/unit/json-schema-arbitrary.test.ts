import Ajv2020 from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { portalOpenApiDocument } from "~/assembly/api-operations";
import { arbitraryOf, type JsonSchema } from "../support/json-schema-arbitrary";

describe("issue #35 §2 the fuzz suite's bodies drawn from the document's schemas", () => {
  const document = portalOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  const bodies = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      const schema = operation.requestBody?.content["application/json"]?.schema;
      return schema ? [{ name: `${method.toUpperCase()} ${path}`, schema }] : [];
    }),
  );

  it("finds the writes' bodies in the document", () => {
    expect(bodies.length).toBeGreaterThan(8);
  });

  it.each(bodies)("every body drawn for $name keeps to its schema", ({ schema }) => {
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);
    fc.assert(
      fc.property(arbitraryOf(schema), (value) => {
        expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      }),
      { numRuns: 50, seed: 35 },
    );
  });

  it("draws each kind: enums, nullable, bounded strings and arrays, optional members", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        kind: { enum: ["a", "b"] },
        note: { type: ["string", "null"], maxLength: 3 },
        ids: { type: "array", items: { type: "integer", minimum: 1, maximum: 5 }, minItems: 1, maxItems: 2 },
        flag: { type: "boolean" },
      },
      required: ["kind", "ids"],
    };
    const values = fc.sample(arbitraryOf(schema), { numRuns: 200, seed: 1 }) as Record<string, unknown>[];
    expect(new Set(values.map((value) => value.kind))).toEqual(new Set(["a", "b"]));
    expect(values.some((value) => value.note === null)).toBe(true);
    expect(values.some((value) => !("flag" in value))).toBe(true);
    expect(values.every((value) => Array.isArray(value.ids) && value.ids.length >= 1 && value.ids.length <= 2)).toBe(
      true,
    );
  });
});
