/**
 * Inline texts (schemas/inline-texts.ts): a text written in the three languages shows in the reader's,
 * zh-CN standing in for an empty one; only an object of exactly the three languages is one; a form's
 * formulas keep theirs; a definition without any comes back as the same object. A screen file may not
 * use them (its texts live in locales/), a rule message of its formulas aside.
 */
import { describe, expect, it } from 'vitest';
import { inlineTextIn, isInlineText, textLanguageOf, withInlineTexts } from '../../schemas/inline-texts.ts';
import { inlineTextsInFile } from '../../tools/schema-check/inline-texts-in-files.ts';

const minutes = { 'zh-CN': '会议纪要', 'zh-TW': '會議紀要', en: 'Meeting minutes' };

describe('inline texts', () => {
  it('are objects of exactly the three languages, each a string', () => {
    expect(isInlineText(minutes)).toBe(true);
    expect(isInlineText({ 'zh-CN': 'a', en: 'b' })).toBe(false);
    expect(isInlineText({ ...minutes, fr: 'x' })).toBe(false);
    expect(isInlineText({ ...minutes, en: 1 })).toBe(false);
    expect(isInlineText(['会议纪要'])).toBe(false);
    expect(isInlineText('会议纪要')).toBe(false);
  });

  it('show in the reader’s language, its nearest, or zh-CN', () => {
    expect(inlineTextIn(minutes, 'en')).toBe('Meeting minutes');
    expect(inlineTextIn(minutes, 'en-GB')).toBe('Meeting minutes');
    expect(inlineTextIn(minutes, 'zh-HK')).toBe('會議紀要');
    expect(inlineTextIn(minutes, 'fr')).toBe('会议纪要');
    expect(inlineTextIn({ ...minutes, en: '' }, 'en')).toBe('会议纪要');
    expect(textLanguageOf(undefined)).toBe('zh-CN');
  });

  it('are replaced throughout a definition, formulas aside', () => {
    const rule = { field: 'total', check: 'total <= 1', message: minutes };
    const screen = {
      kind: 'list',
      title: minutes,
      columns: [
        { field: 'title', title: minutes },
        { field: 'x', title: 'employee.field.name' },
      ],
      formulas: { rules: [rule] },
    };
    const shown = withInlineTexts(screen, 'zh-TW');
    expect(shown.title).toBe('會議紀要');
    expect(shown.columns).toEqual([
      { field: 'title', title: '會議紀要' },
      { field: 'x', title: 'employee.field.name' },
    ]);
    expect(shown.formulas.rules[0]).toBe(rule);
    // Untouched: the same objects.
    expect(shown.columns[1]).toBe(screen.columns[1]);
    const plain = { kind: 'form', fields: [{ name: 'a' }] };
    expect(withInlineTexts(plain, 'en')).toBe(plain);
  });
});

describe('a screen file', () => {
  it('is refused an inline text where a locale key belongs, not in its formulas', () => {
    const data = {
      kind: 'list',
      title: minutes,
      columns: [{ field: 'a', title: 'employee.field.name' }],
      formulas: { rules: [{ field: 'a', check: 'a', message: minutes }] },
    };
    const file = 'schemas/screens/x.yaml';
    expect(inlineTextsInFile({ absolute: file, file, name: 'x', data }).map((e) => e.path)).toEqual([
      '/title',
    ]);
  });
});
