/**
 * What a screen file may name, gathered once per check: catalogue operation ids, locale keys
 * (zh-CN, the default language; tests/unit/locales.test.ts keeps the other two in step), registered
 * widget and action names, and the screen files themselves.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLocale } from '../../schemas/locale-files.ts';
import { BUILTIN_ACTIONS } from '../../renderers/actions/builtin-names.ts';
import { SCOPE_ROOTS } from '../../renderers/expression/index.ts';

export interface ScreenLookups {
  operations: ReadonlySet<string>;
  translationKeys: ReadonlySet<string>;
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
}): ScreenLookups {
  const { root } = options;
  const operations = new Set<string>();
  for (const catalogue of options.catalogues) {
    const ops = (catalogue as { operations?: unknown } | undefined)?.operations;
    if (ops && typeof ops === 'object') for (const id of Object.keys(ops)) operations.add(id);
  }
  const localeDir = join(root, 'locales');
  const translationKeys = existsSync(join(localeDir, 'zh-CN'))
    ? flattenKeys(readLocale('zh-CN', localeDir), '', new Set())
    : new Set<string>();
  return {
    operations,
    translationKeys,
    widgets: new Set(readJsonList(join(root, 'renderers', 'widgets', 'widget-names.json'))),
    actions: new Set([
      ...BUILTIN_ACTIONS,
      ...readJsonList(join(root, 'renderers', 'actions', 'domain-actions.json')),
    ]),
    screens: new Set(options.screenNames),
    expressionRoots: SCOPE_ROOTS,
  };
}
