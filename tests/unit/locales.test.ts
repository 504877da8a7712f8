import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import {
  localeFiles,
  readLocale,
  LOCALES_DIR,
  LOCALE_LANGUAGES as LANGUAGES,
} from '../../schemas/locale-files.ts';
import { allMessageKeys } from '../../schemas/validators.ts';
import { loadEntities } from '../../schemas/catalogue.ts';

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
  return flatten(readLocale(language));
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

  it('keeps one namespace per file, named after it, and the same files in every language', () => {
    const files = localeFiles('zh-CN');
    for (const language of LANGUAGES) expect(localeFiles(language)).toEqual(files);
    for (const language of LANGUAGES) {
      for (const file of files) {
        const namespaces = Object.keys(readLocale(language, undefined, [file]));
        expect(namespaces, `${language}/${file}`).toEqual([file.replace(/\.yaml$/, '')]);
      }
    }
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
  it('never cuts a text at " #": YAML reads the rest of an unquoted value as a comment', () => {
    const cut: string[] = [];
    for (const language of LANGUAGES)
      for (const file of localeFiles(language))
        readFileSync(join(LOCALES_DIR, language, file), 'utf8')
          .split('\n')
          .forEach((line, i) => {
            // key: value, the value unquoted and not a block scalar, holding " #" after some text.
            const value = /^\s*[^\s#][^:]*:\s+(?!['"|>])(.*\S.*)$/.exec(line)?.[1];
            if (value && / #/.test(value)) cut.push(`${language}/${file}:${i + 1}`);
          });
    expect(cut).toEqual([]);
  });
});
