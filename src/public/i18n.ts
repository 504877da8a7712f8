/**
 * The public page's translations: the public namespaces of locales/<language>/ (`publicity` and one per
 * public area: publicCase, publicReview, publicFollow, publicStats; texts/<language>.ts), turned into
 * data at build time (yaml-data plugin), looked up with `{{name}}` interpolation. The whole i18next runtime would double
 * this page's script for no gain. A key names its namespace (`publicCase.title`); without one it is a
 * `publicity` key (`query.title`).
 */
import { createContext, useContext } from 'react';
import zhCN from './texts/zh-CN.ts';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../i18n/languages.ts';

type Texts = Record<string, unknown>;

/**
 * The default language's texts are in the entry; another language's are fetched when it is first
 * needed (main.tsx waits for the page's own before rendering; a switch loads, then switches): a visitor
 * downloads one language, not three.
 */
const TEXTS: Partial<Record<Language, Texts>> = { 'zh-CN': zhCN };
const LOADERS: Record<Language, () => Promise<{ default: Texts }>> = {
  'zh-CN': () => Promise.resolve({ default: zhCN }),
  'zh-TW': () => import('./texts/zh-TW.ts'),
  en: () => import('./texts/en.ts'),
};

/** Resolves once `language`'s texts are at hand (at once for the default language). */
export async function loadLanguage(language: Language): Promise<void> {
  TEXTS[language] ??= (await LOADERS[language]()).default;
}

export const hasLanguage = (language: Language): boolean => TEXTS[language] !== undefined;

const NAMESPACED = /^(publicCase|publicReview|publicFollow|publicStats)\./;
const STORAGE_KEY = 'mf.publicLanguage';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

function lookup(tree: Record<string, unknown>, key: string): string | undefined {
  // Keys such as `sortBy.decidedOn.DESC` hold dots inside a leaf name: try the longest leaf first.
  let node: unknown = tree;
  const parts = key.split('.');
  for (let i = 0; i < parts.length; i += 1) {
    if (!node || typeof node !== 'object') return undefined;
    const rec = node as Record<string, unknown>;
    const rest = parts.slice(i).join('.');
    if (typeof rec[rest] === 'string') return rec[rest];
    node = rec[parts[i]];
  }
  return typeof node === 'string' ? node : undefined;
}

export function translator(language: Language): Translate {
  return (key, vars) => {
    const full = NAMESPACED.test(key) ? key : `publicity.${key}`;
    const text = lookup(TEXTS[language] ?? {}, full) ?? lookup(TEXTS[DEFAULT_LANGUAGE]!, full);
    if (text === undefined) return key;
    return vars ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => String(vars[name] ?? m)) : text;
  };
}

/** The cookie that tells the server which language to render a public page in (server-render.tsx). */
export const LANGUAGE_COOKIE = 'mf_public_lang';

export function initialLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  // A server-rendered page is hydrated in the language its HTML is in.
  const rendered = document.getElementById('root')?.dataset.language;
  if (isLanguage(rendered)) return rendered;
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage may be off (private mode); the default language then.
  }
  return DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered; the page still switches.
  }
}

export { LANGUAGES, type Language };

export interface I18n {
  language: Language;
  t: Translate;
  setLanguage: (language: Language) => void;
}

export const I18nContext = createContext<I18n>({
  language: DEFAULT_LANGUAGE,
  t: translator(DEFAULT_LANGUAGE),
  setLanguage: () => undefined,
});

export const useI18n = (): I18n => useContext(I18nContext);
