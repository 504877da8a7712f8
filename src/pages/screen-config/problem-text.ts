/**
 * The editor's problems in the user's language: the meta-schema lint's (by the rule that failed, with
 * its parameters) and the parser's (by the yaml package's error code). screenConfig.check's arrive
 * translated.
 */
import type { TFunction } from 'i18next';
import type { SchemaProblem } from './meta-lint.ts';

const LIMITS: Record<string, string> = {
  minLength: 'limit',
  maxLength: 'limit',
  minItems: 'limit',
  maxItems: 'limit',
  minimum: 'limit',
  maximum: 'limit',
  minProperties: 'limit',
  maxProperties: 'limit',
};

const KNOWN = new Set([
  'required',
  'additionalProperties',
  'type',
  'enum',
  'const',
  'pattern',
  'uniqueItems',
  'anyOf',
  'oneOf',
  'not',
  'unknownKind',
  ...Object.keys(LIMITS),
]);

const quoted = (value: unknown) => JSON.stringify(value) ?? String(value);

function typeNames(t: TFunction, type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types
    .map((name) => t(`screenEditor.lint.typeName.${String(name)}`, { defaultValue: String(name) }))
    .join(' / ');
}

export function schemaProblemText(t: TFunction, problem: SchemaProblem): string {
  const { keyword, params } = problem;
  if (!KNOWN.has(keyword)) return t('screenEditor.lint.other', { keyword });
  switch (keyword) {
    case 'type':
      return t('screenEditor.lint.type', { type: typeNames(t, params.type) });
    case 'enum':
      return t('screenEditor.lint.enum', {
        allowed: (params.allowedValues as unknown[]).map(quoted).join(', '),
      });
    case 'const':
      return t('screenEditor.lint.const', { allowed: quoted(params.allowedValue) });
    case 'uniqueItems': {
      const [first, second] = [Number(params.i), Number(params.j)].sort((a, b) => a - b);
      return t('screenEditor.lint.uniqueItems', { i: first + 1, j: second + 1 });
    }
    case 'unknownKind':
      return t('screenEditor.lint.unknownKind', {
        kind: String(params.kind),
        kinds: (params.kinds as string[]).join(', '),
      });
    default:
      return t(`screenEditor.lint.${keyword}`, { ...params, limit: params[LIMITS[keyword] ?? 'limit'] });
  }
}

const SYNTAX_CODES = new Set(['DUPLICATE_KEY', 'BAD_INDENT', 'TAB_AS_INDENT', 'MISSING_CHAR', 'JSON']);

export function syntaxProblemText(t: TFunction, code: string): string {
  return SYNTAX_CODES.has(code) ? t(`screenEditor.syntax.${code}`) : t('screenEditor.syntax.other', { code });
}
