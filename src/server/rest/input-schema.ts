import { z } from 'zod';
import type { AnyTRPCProcedure } from '@trpc/server';

export type JsonSchema = z.core.JSONSchema.JSONSchema;

const schemas = new WeakMap<AnyTRPCProcedure, JsonSchema | null>();

/**
 * What a procedure accepts, as JSON Schema 2020-12 made from its zod input (the input side:
 * before defaults and coercion, as a client sends it); null when it takes no input. A part
 * JSON Schema can't express (a byte array) accepts anything here; the procedure still checks it.
 */
export function inputSchemaOf(procedure: AnyTRPCProcedure): JsonSchema | null {
  const known = schemas.get(procedure);
  if (known !== undefined) return known;
  const parts = procedure._def.inputs.map((parser): JsonSchema => {
    if (!(parser instanceof z.core.$ZodType)) return {};
    const { $schema: _dialect, ...schema } = z.toJSONSchema(parser, { io: 'input', unrepresentable: 'any' });
    return schema;
  });
  const schema = parts.length === 0 ? null : parts.length === 1 ? (parts[0] ?? null) : { allOf: parts };
  schemas.set(procedure, schema);
  return schema;
}

/** The fields of an object schema (of every part of an allOf), with whether each is required. */
export function fieldsOf(schema: JsonSchema | null): { name: string; schema: JsonSchema; required: boolean }[] {
  if (!schema) return [];
  const parts = Array.isArray(schema.allOf) ? schema.allOf.filter(isSchema) : [schema];
  return parts.flatMap((part) => {
    const required = new Set(part.required ?? []);
    return Object.entries(part.properties ?? {}).map(([name, field]) => ({ name, schema: isSchema(field) ? field : {}, required: required.has(name) }));
  });
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);
