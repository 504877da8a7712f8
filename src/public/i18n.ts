/**
 * The public page's translations: the public namespaces of locales/<language>/ (`publicity` and one per
 * public area: publicCase, publicReview, publicFollow, publicStats), turned into data at build time
 * (yaml-data plugin), looked up with `{{name}}` interpolation. The whole i18next runtime would double
 * this page's script for no gain. A key names its namespace (`publicCase.title`); without one it is a
 * `publicity` key (`query.title`).
 */
import { createContext, useContext } from 'react';
import zhCN from '../../locales/zh-CN/publicity.yaml';
import zhTW from '../../locales/zh-TW/publicity.yaml';
import en from '../../locales/en/publicity.yaml';
import zhCNCase from '../../locales/zh-CN/publicCase.yaml';
import zhTWCase from '../../locales/zh-TW/publicCase.yaml';
import enCase from '../../locales/en/publicCase.yaml';
import zhCNReview from '../../locales/zh-CN/publicReview.yaml';
import zhTWReview from '../../locales/zh-TW/publicReview.yaml';
import enReview from '../../locales/en/publicReview.yaml';
import zhCNFollow from '../../locales/zh-CN/publicFollow.yaml';
import zhTWFollow from '../../locales/zh-TW/publicFollow.yaml';
import enFollow from '../../locales/en/publicFollow.yaml';
import zhCNStats from '../../locales/zh-CN/publicStats.yaml';
import zhTWStats from '../../locales/zh-TW/publicStats.yaml';
import enStats from '../../locales/en/publicStats.yaml';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../i18n/languages.ts';

const TEXTS: Record<Language, Record<string, unknown>> = {
  'zh-CN': { ...zhCN, ...zhCNCase, ...zhCNReview, ...zhCNFollow, ...zhCNStats },
  'zh-TW': { ...zhTW, ...zhTWCase, ...zhTWReview, ...zhTWFollow, ...zhTWStats },
  en: { ...en, ...enCase, ...enReview, ...enFollow, ...enStats },
};
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
    const text = lookup(TEXTS[language], full) ?? lookup(TEXTS[DEFAULT_LANGUAGE], full);
    if (text === undefined) return key;
    return vars ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => String(vars[name] ?? m)) : text;
  };
}

export function initialLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage may be off (private mode); the default language then.
  }
  return DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language): void {
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
