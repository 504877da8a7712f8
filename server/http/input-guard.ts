/**
 * The door every request's input passes before a handler (or the database) sees it: the query, the path
 * parameters and the body of every catalogue operation, public or not, and the metadata of resumable
 * uploads. What the JSON Schemas of the catalogue cannot say once for all is refused here with the same
 * envelope as a schema error (state 6010101, one translated line per field):
 *
 * - text with a NUL character (PostgreSQL cannot store one: the call used to fail in the database);
 * - text that is not valid Unicode (a lone UTF-16 surrogate, which no encoding can store or send on);
 * - an object key that names a part of JavaScript's object machinery (`__proto__`, `constructor`,
 *   `prototype`, and every other member of Object.prototype such as `toString`), so no lookup by a
 *   client's key can reach Object.prototype, and no library that calls `value.toString()` (the schema
 *   validator's deep equality does) meets a client's string there instead;
 * - a number that is not finite or beyond ±2^53 (it cannot be an id, a count, an amount or a page);
 * - input nested deeper than MAX_DEPTH levels (no request of the catalogue needs more than a few).
 */
import { Code } from './codes.ts';
import { ApiError } from './envelope.ts';
import { translate, type Language } from './i18n.ts';
import { detailsText, fieldLabel, type LabelledFieldError } from './field-labels.ts';

export type InputProblem = 'nul' | 'surrogate' | 'reservedKey' | 'number' | 'tooDeep';

/** Deeper than any request of the catalogue (the deepest, a filing form, has five levels). */
export const MAX_DEPTH = 32;

export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
]);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be taken, or null when it can. */
export function textProblem(s: string): InputProblem | null {
  if (s.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(s)) return 'surrogate';
  return null;
}

/** Makes a text safe to store (a log line, an audit column): NUL and lone surrogates become U+FFFD. */
export function storableText(s: string): string {
  return s
    .replaceAll('\u0000', '\uFFFD')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

export interface FoundProblem {
  /** Dotted path of the offending value, as validation errors name fields ('(root)' for the whole). */
  field: string;
  problem: InputProblem;
}

/** The first problem in a value (walked depth first), or null. */
export function findInputProblem(value: unknown, path = ''): FoundProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  while (stack.length) {
    const { value: v, path: p, depth } = stack.pop()!;
    const field = p || '(root)';
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { field, problem };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER) return { field, problem: 'number' };
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return { field, problem: 'tooDeep' };
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--)
          stack.push({ value: v[i], path: p ? `${p}.${i}` : String(i), depth: depth + 1 });
        continue;
      }
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const at = p ? `${p}.${printable(key)}` : printable(key);
        if (RESERVED_KEYS.has(key)) return { field: at, problem: 'reservedKey' };
        const keyProblem = textProblem(key);
        if (keyProblem) return { field: at, problem: keyProblem };
        stack.push({ value: (v as Record<string, unknown>)[key], path: at, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** A key as it may appear in an answer (the answer must be valid text too). */
const printable = (key: string) => storableText(key);

/** The refusal of a found problem: the envelope of a schema error, with the field and why. */
export function inputRefusal(found: FoundProblem, lang: Language): ApiError {
  const label = fieldLabel(found.field, lang);
  const fields: LabelledFieldError[] = [
    {
      field: found.field,
      label,
      message: translate(lang, `server.input.${found.problem}`, { field: label }),
    },
  ];
  return new ApiError(
    Code.ILLEGAL_REQUEST,
    'server.invalidRequest',
    { details: detailsText(fields) },
    fields,
  );
}

/** Refuses the first problem among the parts of a request (query, params, body). */
export function guardInput(parts: Record<string, unknown>, lang: Language): void {
  for (const value of Object.values(parts)) {
    const found = findInputProblem(value);
    if (found) throw inputRefusal(found, lang);
  }
}

/**
 * Whether a multipart request's Content-Type names no usable boundary: RFC 2046 boundaries are 1–70
 * characters of a small set (a quoted one may hold spaces, not end with one). Checked before the parser
 * sees the body, which would otherwise throw where no handler can turn it into an answer.
 */
export function badMultipartBoundary(contentType: string | undefined): boolean {
  const m = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = m ? (m[1] ?? m[2]) : undefined;
  return !boundary || !/^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary);
}
