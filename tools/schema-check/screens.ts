/**
 * Screen files: each is checked against schemas/meta/screen.schema.json (what all kinds share), then
 * against schemas/meta/screen-kinds/<kind>.schema.json (no such file: "unknown kind"). The meta-schemas'
 * `x-check` keyword looks values up (operation ids, actions, widgets, locale keys, screens) and parses
 * expressions; a walk over the file adds the same look-ups for keys any kind may use (operation,
 * widget / ui:widget, and translation-key-like titles, labels and messages), so a kind file that
 * forgets a $ref still gets them. Every error is `file: /json/path: message`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { expressionProblem } from '../../renderers/expression/index.ts';
import { createMetaAjv } from './ajv-factory.ts';
import { ajvErrorsToSchemaErrors } from './ajv-errors.ts';
import { joinPointer, type SchemaError } from './report.ts';
import type { ScreenLookups } from './screen-lookups.ts';
import { displayPath, type ParsedFile } from './yaml-files.ts';

const KIND_ID = (kind: string) => `https://merger-filing.local/schemas/meta/screen-kinds/${kind}.schema.json`;
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;
/** Keys whose value, when it looks like a translation key, must be one. */
const TEXT_KEYS = new Set([
  'title',
  'label',
  'message',
  'confirm',
  'success',
  'tooltip',
  'placeholder',
  'help',
]);
const WIDGET_KEYS = new Set(['widget', 'ui:widget']);

type Check = 'translationKey' | 'operation' | 'action' | 'widget' | 'screen' | 'expression' | 'params';

/** The problem with one value, or null. */
function lookupProblem(check: Check, value: unknown, lookups: ScreenLookups): string | null {
  if (check === 'params') return null; // walked separately (nested strings)
  if (typeof value !== 'string') return null;
  switch (check) {
    case 'translationKey':
      return lookups.translationKeys.has(value)
        ? null
        : `translation key "${value}" is not in ${lookups.textLanguages.map((l) => `locales/${l}/`).join(', ')}`;
    case 'operation':
      return lookups.operations.has(value) ? null : `unknown operation id "${value}" (not in schemas/api)`;
    case 'action':
      return lookups.actions.has(value)
        ? null
        : `unknown action "${value}": neither a built-in nor listed in renderers/actions/domain-actions.json`;
    case 'widget':
      return lookups.widgets.has(value)
        ? null
        : `unknown widget "${value}": not listed in renderers/widgets/widget-names.json`;
    case 'screen':
      return lookups.screens.has(value)
        ? null
        : `unknown screen "${value}": no schemas/screens/${value}.yaml`;
    case 'expression':
      return expressionProblem(value, lookups.expressionRoots);
  }
}

/** Every string inside a params value is an expression: the problems, with their pointers below `base`. */
function paramsProblems(
  value: unknown,
  base: string,
  lookups: ScreenLookups,
): Array<{ path: string; message: string }> {
  if (typeof value === 'string') {
    const problem = expressionProblem(value, lookups.expressionRoots);
    return problem ? [{ path: base === '' ? '/' : base, message: problem }] : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, i) => paramsProblems(item, joinPointer(base, i), lookups));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      paramsProblems(item, joinPointer(base, key), lookups),
    );
  return [];
}

function addCheckKeyword(ajv: Ajv, lookups: ScreenLookups): void {
  ajv.addKeyword({
    keyword: 'x-check',
    schemaType: 'string',
    errors: true,
    validate: function check(
      schema: Check,
      data: unknown,
      _parent?: unknown,
      ctx?: { instancePath: string },
    ) {
      const self = check as unknown as { errors: Partial<ErrorObject>[] };
      if (schema === 'params') {
        const found = paramsProblems(data, '', lookups);
        self.errors = found.map(({ path, message }) => ({
          keyword: 'x-check',
          instancePath: `${ctx?.instancePath ?? ''}${path === '/' ? '' : path}`,
          message,
          params: {},
        }));
        return found.length === 0;
      }
      const message = lookupProblem(schema, data, lookups);
      self.errors = message ? [{ keyword: 'x-check', message, params: {} }] : [];
      return message === null;
    },
  });
}

/** The look-ups by key, for any kind (see the file comment). */
function walkProblems(data: unknown, lookups: ScreenLookups, file: string): SchemaError[] {
  const errors: SchemaError[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, joinPointer(pointer, i)));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const here = joinPointer(pointer, key);
      let message: string | null = null;
      if (typeof value === 'string') {
        if (key === 'operation') message = lookupProblem('operation', value, lookups);
        else if (WIDGET_KEYS.has(key)) message = lookupProblem('widget', value, lookups);
        else if (TEXT_KEYS.has(key) && KEY_PATTERN.test(value))
          message = lookupProblem('translationKey', value, lookups);
      }
      if (message) errors.push({ file, path: here, message });
      visit(value, here);
    }
  };
  visit(data, '');
  return errors;
}

/** 'must match "then" schema' only repeats the error of the `then` branch reported beside it. */
function withoutIf(errors: ErrorObject[] | null | undefined): ErrorObject[] {
  return (errors ?? []).filter((error) => error.keyword !== 'if');
}

export type ScreenCheck = (parsed: ParsedFile) => SchemaError[];

/**
 * Compiles the screen meta-schemas. A missing or broken one is reported against its file and yields
 * undefined, so the caller skips the screens rather than crashing.
 */
export function loadScreenCheck(
  metaDir: string,
  root: string,
  lookups: ScreenLookups,
  errors: SchemaError[],
): ScreenCheck | undefined {
  const commonFile = join(metaDir, 'screen.schema.json');
  const kindsDir = join(metaDir, 'screen-kinds');
  let ajv: Ajv;
  let common: ValidateFunction;
  const kinds = new Map<string, ValidateFunction>();
  let current = commonFile;
  try {
    const meta = JSON.parse(readFileSync(commonFile, 'utf8')) as Record<string, unknown>;
    ajv = createMetaAjv(meta);
    addCheckKeyword(ajv, lookups);
    const kindFiles = existsSync(kindsDir)
      ? readdirSync(kindsDir)
          .filter((f) => f.endsWith('.schema.json'))
          .sort()
      : [];
    for (const name of kindFiles) {
      current = join(kindsDir, name);
      ajv.addSchema(JSON.parse(readFileSync(current, 'utf8')) as Record<string, unknown>);
    }
    current = commonFile;
    common = ajv.compile(meta);
    for (const name of kindFiles) {
      const kind = name.replace(/\.schema\.json$/, '');
      if (kind === 'common') continue;
      current = join(kindsDir, name);
      const validate = ajv.getSchema(KIND_ID(kind));
      if (!validate) throw new Error(`$id must be ${KIND_ID(kind)}`);
      kinds.set(kind, validate);
    }
  } catch (problem) {
    errors.push({
      file: displayPath(root, current),
      path: '/',
      message: `meta-schema does not compile: ${(problem as Error).message}`,
    });
    return undefined;
  }

  return ({ file, data }) => {
    const found: SchemaError[] = [];
    if (!common(data)) found.push(...ajvErrorsToSchemaErrors(file, withoutIf(common.errors)));
    const kind = (data as { kind?: unknown } | null)?.kind;
    // A kind the common part already rejects (bad spelling) is reported once, there.
    if (typeof kind === 'string' && !found.some((error) => error.path === '/kind')) {
      const validate = kinds.get(kind);
      if (!validate) {
        found.push({
          file,
          path: '/kind',
          message: `unknown kind "${kind}": no schemas/meta/screen-kinds/${kind}.schema.json (kinds: ${[...kinds.keys()].sort().join(', ')})`,
        });
      } else if (!validate(data)) {
        found.push(...ajvErrorsToSchemaErrors(file, withoutIf(validate.errors)));
      }
    }
    found.push(...walkProblems(data, lookups, file));
    // The common part and the kind file both check the title; the walk repeats the look-ups.
    const seen = new Set<string>();
    return found.filter((error) => {
      const key = `${error.path}\n${error.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
}
