/**
 * texts.ts: the sign-in page's texts without i18next — lookup, `{{name}}`, the zh-CN fallback, the key
 * when nothing matches, language change notices — and i18next answering once it has started.
 */
import { describe, expect, it, vi } from 'vitest';

async function freshTexts() {
  vi.resetModules();
  return import('../../src/i18n/texts.ts');
}

describe('texts before i18next', () => {
  it('looks a dotted key up in the current language and fills {{name}}', async () => {
    const texts = await freshTexts();
    texts.addTexts('en', { signin: { resendIn: 'Again in {{seconds}} s', title: 'Sign in' } }, true);
    expect(texts.t('signin.title')).toBe('Sign in');
    expect(texts.t('signin.resendIn', { seconds: 42 })).toBe('Again in 42 s');
    expect(texts.t('signin.resendIn')).toBe('Again in {{seconds}} s');
  });

  it('falls back to zh-CN, then to the key itself', async () => {
    const texts = await freshTexts();
    texts.addTexts('zh-CN', { common: { retry: '重试' } });
    texts.addTexts('en', { common: { cancel: 'Cancel' } }, true);
    expect(texts.t('common.retry')).toBe('重试');
    expect(texts.t('common.nothing')).toBe('common.nothing');
    expect(texts.t('common')).toBe('common');
  });

  it('merges texts added later into those it has', async () => {
    const texts = await freshTexts();
    texts.addTexts('zh-CN', { a: { one: '一' } }, true);
    texts.addTexts('zh-CN', { a: { two: '二' } });
    expect([texts.t('a.one'), texts.t('a.two')]).toEqual(['一', '二']);
  });

  it('tells listeners of a language change, once, and not after they leave', async () => {
    const texts = await freshTexts();
    const heard = vi.fn();
    const leave = texts.onLanguageChange(heard);
    texts.setLanguage('zh-TW');
    texts.setLanguage('zh-TW');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(texts.currentLanguage()).toBe('zh-TW');
    leave();
    texts.setLanguage('en');
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

describe('texts once i18next runs', () => {
  it('answers through i18next (plurals too) and follows its language', async () => {
    const texts = await freshTexts();
    const { initI18n, i18n } = await import('../../src/i18n/i18n.ts');
    texts.addTexts('zh-CN', { x: { y: '旧' } }, true);
    await initI18n('en', {
      en: { translation: { x: { y: 'new', item_one: '{{count}} item', item_other: '{{count}} items' } } },
    });
    expect(texts.t('x.y')).toBe('new');
    expect(texts.t('x.item', { count: 2 })).toBe('2 items');
    expect(texts.currentLanguage()).toBe('en');
    await initI18n('zh-CN', { 'zh-CN': { translation: { x: { y: '新' } } } });
    expect(texts.currentLanguage()).toBe('zh-CN');
    expect(texts.t('x.y')).toBe('新');
    expect(i18n.language).toBe('zh-CN');
  });
});
