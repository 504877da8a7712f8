/**
 * The live lint of a definition against the screen meta-schemas, as the build's schema check does it
 * (tools/schema-check/screens.ts): what every kind shares, then the file of its kind. The validators are
 * compiled at build time (virtual:screen-meta-validator). Look-ups the meta-schemas leave to the check
 * (operations, texts, screens, expressions) are screenConfig.check's, asked for on demand.
 */
import type { ErrorObject } from 'ajv';
import { validateKind, validateScreen } from 'virtual:screen-meta-validator';

export interface SchemaProblem {
  /** JSON pointer into the definition. */
  path: string;
  /** The rule that failed (ajv's keyword, or unknownKind). */
  keyword: string;
  params: Record<string, unknown>;
  /** The field's name is at fault (an unknown field), not its value. */
  atKey: boolean;
}

export function screenKinds(): string[] {
  return Object.keys(validateKind).sort();
}

/**
 * The errors of a failed anyOf/oneOf's branches are noise next to it, and `if` only repeats the error
 * of its `then`: both dropped, as the build's check does.
 */
function withoutNoise(errors: readonly ErrorObject[]): ErrorObject[] {
  const alternatives = errors
    .filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')
    .map((error) => `${error.schemaPath}/`);
  return errors.filter(
    (error) =>
      error.keyword !== 'if' &&
      (error as { propertyName?: string }).propertyName === undefined &&
      !alternatives.some((prefix) => error.schemaPath.startsWith(prefix)),
  );
}

function problemOf(error: ErrorObject): SchemaProblem {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties')
    return {
      path: `${error.instancePath}/${String(params.additionalProperty).replace(/~/g, '~0').replace(/\//g, '~1')}`,
      keyword: error.keyword,
      params,
      atKey: true,
    };
  return { path: error.instancePath, keyword: error.keyword, params, atKey: false };
}

export function metaSchemaProblems(definition: unknown): SchemaProblem[] {
  const errors: ErrorObject[] = [];
  if (!validateScreen(definition)) errors.push(...(validateScreen.errors ?? []));
  const kind = (definition as { kind?: unknown } | null)?.kind;
  const problems = withoutNoise(errors).map(problemOf);
  // A kind the shared part already refuses is reported once, there.
  if (typeof kind === 'string' && !problems.some((p) => p.path === '/kind')) {
    const validate = validateKind[kind];
    if (!validate)
      problems.push({
        path: '/kind',
        keyword: 'unknownKind',
        params: { kind, kinds: screenKinds() },
        atKey: false,
      });
    else if (!validate(definition)) problems.push(...withoutNoise(validate.errors ?? []).map(problemOf));
  }
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.path}\n${problem.keyword}\n${JSON.stringify(problem.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
