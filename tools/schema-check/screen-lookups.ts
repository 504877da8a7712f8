/**
 * What a screen file may name, gathered once per check: catalogue operation ids, locale keys
 * (zh-CN, the default language; tests/unit/locales.test.ts keeps the other two in step — a screen stored
 * at run time, which no such test sees, asks for the keys every language has), registered widget and
 * action names, and the screen files themselves.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLocale } from '../../schemas/locale-files.ts';
import { BUILTIN_ACTIONS } from '../../renderers/actions/builtin-names.ts';
import { SCOPE_ROOTS } from '../../renderers/expression/index.ts';

export interface ScreenLookups {
  operations: ReadonlySet<string>;
  translationKeys: ReadonlySet<string>;
  /** The languages every one of translationKeys is in (what a missing key's message names). */
  textLanguages: readonly string[];
  widgets: ReadonlySet<string>;
  actions: ReadonlySet<string>;
  screens: ReadonlySet<string>;
  expressionRoots: readonly string[];
}

function flattenKeys(tree: unknown, prefix: string, into: Set<string>): Set<string> {
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [name, value] of Object.entries(tree))
      flattenKeys(value, prefix ? `${prefix}.${name}` : name, into);
  } else if (prefix) into.add(prefix);
  return into;
}

function readJsonList(file: string): string[] {
  if (!existsSync(file)) return [];
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return Array.isArray(data) ? data.filter((item): item is string => typeof item === 'string') : [];
}

export function loadScreenLookups(options: {
  root: string;
  /** Parsed catalogue files (schemas/api). */
  catalogues: unknown[];
  screenNames: string[];
  /** Keys must be in each of these (default zh-CN). */
  languages?: readonly string[];
}): ScreenLookups {
  const { root } = options;
  const operations = new Set<string>();
  for (const catalogue of options.catalogues) {
    const ops = (catalogue as { operations?: unknown } | undefined)?.operations;
    if (ops && typeof ops === 'object') for (const id of Object.keys(ops)) operations.add(id);
  }
  const localeDir = join(root, 'locales');
  const languages = options.languages ?? ['zh-CN'];
  const keysOf = (language: string) =>
    existsSync(join(localeDir, language))
      ? flattenKeys(readLocale(language, localeDir), '', new Set())
      : new Set<string>();
  const [first, ...others] = languages.map(keysOf);
  const translationKeys = new Set([...first].filter((key) => others.every((keys) => keys.has(key))));
  return {
    operations,
    translationKeys,
    textLanguages: languages,
    widgets: new Set(readJsonList(join(root, 'renderers', 'widgets', 'widget-names.json'))),
    actions: new Set([
      ...BUILTIN_ACTIONS,
      ...readJsonList(join(root, 'renderers', 'actions', 'domain-actions.json')),
    ]),
    screens: new Set(options.screenNames),
    expressionRoots: SCOPE_ROOTS,
  };
}
