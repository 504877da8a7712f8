/**
 * Explains an exception thrown by ajv while compiling a schema (missing $ref, unknown keyword or
 * format, invalid keyword value) and locates it in the schema document.
 */
import { findKeyword, findRefs } from './schema-walk.ts';
import type { SchemaError } from './report.ts';

interface MissingRef {
  missingRef?: string;
  missingSchema?: string;
}

function prefixed(base: string, pointer: string): string {
  const joined = `${base === '/' ? '' : base}${pointer}`;
  return joined === '' ? '/' : joined;
}

/** The part of a $ref before '#', which is the entity $id it names. */
function refTarget(ref: string): string {
  return ref.split('#')[0];
}

export function compileErrorToSchemaErrors(
  problem: unknown,
  schema: unknown,
  file: string,
  base: string,
): SchemaError[] {
  const error = problem as Error & MissingRef;
  const message = error.message ?? String(problem);

  if (error.missingSchema !== undefined || /can't resolve reference/.test(message)) {
    const target = error.missingSchema ?? '';
    const culprits = findRefs(schema).filter(
      ({ ref }) =>
        refTarget(ref) !== '' && (refTarget(ref) === target || target.endsWith(`/${refTarget(ref)}`)),
    );
    const ref = culprits[0]?.ref ?? error.missingRef ?? target;
    const text = `unknown $ref "${ref}": no entity schema has $id "${refTarget(ref) || target}"`;
    if (culprits.length === 0) return [{ file, path: prefixed(base, ''), message: text }];
    return culprits.map(({ pointer }) => ({ file, path: prefixed(base, pointer), message: text }));
  }

  const unknownKeyword = /unknown keyword: "([^"]+)"/.exec(message);
  if (unknownKeyword) {
    const places = findKeyword(schema, unknownKeyword[1]);
    const text = `unknown keyword "${unknownKeyword[1]}" (misspelt, or not one of the project's keywords in schemas/validators)`;
    return (places.length > 0 ? places : ['']).map((pointer) => ({
      file,
      path: prefixed(base, pointer),
      message: text,
    }));
  }

  const unknownFormat = /unknown format "([^"]+)"/.exec(message);
  if (unknownFormat) {
    const places = findKeyword(schema, 'format', unknownFormat[1]);
    const text = `unknown format "${unknownFormat[1]}" (not a standard format nor one of schemas/validators/formats.ts)`;
    return (places.length > 0 ? places : ['']).map((pointer) => ({
      file,
      path: prefixed(base, pointer),
      message: text,
    }));
  }

  // ajv names the schema location of invalid keyword values as: at path "#/properties/name"
  const located = /at path "#([^"]*)"/.exec(message);
  return [
    { file, path: prefixed(base, located ? located[1] : ''), message: `schema does not compile: ${message}` },
  ];
}
