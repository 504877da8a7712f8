/**
 * Inline translations (issue 26): wherever a screen names a text it may give the text itself in every
 * language — `title: { zh-CN: 会议纪要, zh-TW: 會議紀要, en: Meeting minutes }` — instead of a locale key.
 * A screen stored at run time (a data template's generated screens, a configurator's own labels) has no
 * locale file to add keys to. The meta-schema's `translationKey` takes either form; the screen host swaps
 * each inline text for the reader's language before any renderer sees the definition, so renderers only
 * ever meet strings (a plain text that is no key shows as itself).
 */
export const TEXT_LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];
export type InlineText = Record<TextLanguage, string>;

/** An object with exactly the three languages, each a string. */
export function isInlineText(value: unknown): value is InlineText {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === TEXT_LANGUAGES.length &&
    TEXT_LANGUAGES.every((l) => typeof (value as Record<string, unknown>)[l] === 'string')
  );
}

/** The language of `language` a text is written in: zh-HK and zh-Hant read zh-TW, other zh zh-CN. */
export function textLanguageOf(language: string | undefined): TextLanguage {
  if (!language) return 'zh-CN';
  if ((TEXT_LANGUAGES as readonly string[]).includes(language)) return language as TextLanguage;
  if (/^zh-(TW|HK|MO|Hant)/i.test(language)) return 'zh-TW';
  return language.toLowerCase().startsWith('en') ? 'en' : 'zh-CN';
}

/** The text in `language`, falling back to zh-CN where that language's is empty. */
export function inlineTextIn(text: InlineText, language: string | undefined): string {
  return text[textLanguageOf(language)] || text['zh-CN'];
}

/**
 * `definition` with every inline text replaced by its string in `language` (a form's `formulas` aside).
 * Parts without one are kept as they are (the same objects), and a definition without any comes back
 * unchanged.
 */
export function withInlineTexts<T>(definition: T, language: string | undefined): T {
  const visit = (node: unknown, key?: string): unknown => {
    // A form's formulas keep their rule messages in every language: the form says them in the
    // language of the moment, as the server does (schemas/formulas).
    if (key === 'formulas') return node;
    if (isInlineText(node)) return inlineTextIn(node, language);
    if (Array.isArray(node)) {
      const items = node.map((item) => visit(item));
      return items.some((item, i) => item !== node[i]) ? items : node;
    }
    if (!node || typeof node !== 'object') return node;
    let changed = false;
    const entries = Object.entries(node).map(([key, value]) => {
      const next = visit(value, key);
      if (next !== value) changed = true;
      return [key, next] as const;
    });
    return changed ? Object.fromEntries(entries) : node;
  };
  return visit(definition) as T;
}
