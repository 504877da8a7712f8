/**
 * The app's texts as the sign-in page needs them, without i18next: the current language, its texts and
 * `t` with `{{name}}` interpolation (all the sign-in namespaces use; locale-packs.test.ts checks it).
 * i18next (i18n.ts, some 15 KB gzip) loads with the first page past sign-in and, once started, answers
 * every `t` here too, plurals and nesting included: one source of texts, two engines by page.
 */
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

type Texts = Record<string, unknown>;

/** What i18next provides once it runs (i18n.ts installs it). */
export interface TextEngine {
  t(key: string, params?: Record<string, unknown>): string;
}

let engine: TextEngine | undefined;
let language: Language = DEFAULT_LANGUAGE;
const loaded: Partial<Record<Language, Texts>> = {};
const listeners = new Set<() => void>();

/** The language texts are shown in. */
export function currentLanguage(): Language {
  return language;
}

/** Called back when the language changes; returns the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds a language's texts (deep-merged over those it has) and, if given, makes it current. */
export function addTexts(lng: Language, texts: Texts, makeCurrent = false): void {
  loaded[lng] = merge(loaded[lng] ?? {}, texts);
  if (makeCurrent) setLanguage(lng);
}

export function setLanguage(lng: Language): void {
  if (lng === language) return;
  language = lng;
  for (const listener of [...listeners]) listener();
}

/** From now on `t` answers through i18next. */
export function installEngine(next: TextEngine): void {
  engine = next;
}

/** The text of `key` in the current language (then zh-CN), `{{name}}` filled from `params`; else the key. */
export function t(key: string, params?: Record<string, unknown>): string {
  if (engine) return engine.t(key, params);
  const text = lookup(loaded[language], key) ?? lookup(loaded[DEFAULT_LANGUAGE], key);
  if (text === undefined) return key;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
}

function lookup(texts: Texts | undefined, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function merge(into: Texts, from: Texts): Texts {
  const out: Texts = { ...into };
  for (const [k, v] of Object.entries(from)) {
    const old = out[k];
    out[k] =
      v && typeof v === 'object' && old && typeof old === 'object' ? merge(old as Texts, v as Texts) : v;
  }
  return out;
}
