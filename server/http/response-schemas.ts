/**
 * Response schemas of the catalogue routes. A successful answer is the envelope around the
 * operation's `response` (no `response`: data is null), serialised by schema with fast-json-stringify:
 * faster than JSON.stringify, and a field the catalogue does not declare never leaves the server.
 * Error envelopes do not go through these schemas (errors.ts sends them as they are).
 *
 * The catalogue's schemas describe what forms send and validate; for serialising they are read
 * more loosely (`forSerialising`): a write-only field (a password) is left out, a declared scalar may
 * be null (fast-json-stringify would otherwise write null as "" or 0), and a missing field stays
 * missing (no `default` filled in; no `required`, which would turn a good answer into a 500).
 */
import type { Operation } from '../../schemas/catalogue.ts';
import type { JsonSchema } from '../../schemas/catalogue-types.ts';

/** Validation rules that say nothing about a field's shape (if/then only add required fields here). */
const DROPPED = new Set(['default', 'required', 'if', 'then', 'else', 'not']);

const SCALARS = new Set<unknown>(['string', 'integer', 'number', 'boolean']);

/** A copy of `schema` for serialising: nullable types, no defaults, nothing required. */
export function forSerialising(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialising);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === 'type') {
      const types: unknown[] = Array.isArray(value) ? value : [value];
      // Scalars only: a nullable object or array would make fast-json-stringify inline recursive refs.
      const scalar = types.every((t) => SCALARS.has(t));
      out.type = scalar && !types.includes('null') ? [...types, 'null'] : value;
    } else if (key === 'enum' || key === 'const' || key === 'examples') {
      out[key] = value;
    } else if (key === 'properties' || key === 'patternProperties' || key === 'definitions') {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          // A write-only field (a password) is never sent back.
          .filter(
            ([, v]) => !(v && typeof v === 'object' && (v as { writeOnly?: unknown }).writeOnly === true),
          )
          .map(([k, v]) => [k, forSerialising(v)]),
      );
    } else {
      out[key] = forSerialising(value);
    }
  }
  return out;
}

/** The success envelope of one operation. */
export function successEnvelopeSchema(op: Operation): JsonSchema {
  return {
    type: 'object',
    properties: {
      state: { type: 'integer' },
      message: { type: 'string' },
      cause: { type: 'null' },
      data: op.response ? forSerialising(op.response) : { type: 'null' },
    },
  };
}

/** Route `response` schemas: HTTP 200 only (binary downloads send their own bytes). */
export function routeResponseSchemas(op: Operation): Record<number, JsonSchema> | undefined {
  if (op.binary) return undefined;
  return { 200: successEnvelopeSchema(op) };
}
