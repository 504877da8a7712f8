import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { allMessageKeys } from '../../schemas/validators.ts';
import { loadEntities, SCHEMAS_DIR } from '../../schemas/catalogue.ts';

// import.meta.url is not a file: URL under happy-dom, so go from the loader's own directory.
const LOCALES_DIR = join(SCHEMAS_DIR, '..', 'locales');
const LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;

/** { a: { b: 'x' } } -> { 'a.b': 'x' }: i18next's key paths. */
function flatten(tree: unknown, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  if (typeof tree === 'object' && tree !== null && !Array.isArray(tree)) {
    for (const [name, value] of Object.entries(tree))
      flatten(value, prefix ? `${prefix}.${name}` : name, into);
  } else {
    into[prefix] = tree;
  }
  return into;
}

function loadLocale(language: string): Record<string, unknown> {
  return flatten(parse(readFileSync(join(LOCALES_DIR, `${language}.yaml`), 'utf8')));
}

/** Every string found under an errorMessage keyword of an entity schema (overrides are translation keys). */
function overrideKeys(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => overrideKeys(item, found));
  else if (typeof node === 'object' && node !== null) {
    for (const [name, value] of Object.entries(node)) {
      if (name === 'errorMessage') collectStrings(value, found);
      else overrideKeys(value, found);
    }
  }
  return found;
}

function collectStrings(node: unknown, found: Set<string>): void {
  if (typeof node === 'string') found.add(node);
  else if (typeof node === 'object' && node !== null)
    Object.values(node).forEach((value) => collectStrings(value, found));
}

describe('locales', () => {
  const locales = Object.fromEntries(LANGUAGES.map((language) => [language, loadLocale(language)]));

  it('has the same keys in every language, none empty', () => {
    const allKeys = new Set(LANGUAGES.flatMap((language) => Object.keys(locales[language])));
    const problems: string[] = [];
    for (const key of allKeys) {
      for (const language of LANGUAGES) {
        const value = locales[language][key];
        if (value === undefined) problems.push(`${language}: missing ${key}`);
        else if (typeof value !== 'string' || value.trim() === '') problems.push(`${language}: empty ${key}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('translates in zh-CN every validation key that messageKeyFor and the entity schemas can produce', () => {
    const keys = new Set([...allMessageKeys(), ...overrideKeys(loadEntities())]);
    const validationKeys = [...keys].filter((key) => key.startsWith('validation.'));
    expect(validationKeys.length).toBeGreaterThan(40);
    const missing = validationKeys.filter((key) => typeof locales['zh-CN'][key] !== 'string');
    expect(missing).toEqual([]);
  });

  it('keeps the same {{placeholders}} in every language', () => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const mismatched = Object.keys(locales['zh-CN']).filter((key) =>
      LANGUAGES.some(
        (language) =>
          JSON.stringify(placeholders(locales[language][key])) !==
          JSON.stringify(placeholders(locales['zh-CN'][key])),
      ),
    );
    expect(mismatched).toEqual([]);
  });
});
