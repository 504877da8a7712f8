import { describe, expect, it } from 'vitest';
import { pickLanguage, translate } from '../../server/http/i18n.ts';

describe('server translate', () => {
  it('answers a plain text per language, the same again from its memo', () => {
    expect(translate('zh-CN', 'server.success')).toBe('操作成功');
    expect(translate('en', 'server.success')).toBe('Operation succeeded');
    expect(translate('zh-CN', 'server.success')).toBe('操作成功');
    expect(translate('en', 'server.success')).toBe('Operation succeeded');
  });

  it('fills parameters on every call, never from the memo of the plain text', () => {
    expect(translate('zh-CN', 'server.unknownFilter')).toContain('不支持的查询条件');
    expect(translate('zh-CN', 'server.unknownFilter', { key: 'a' })).toBe('不支持的查询条件：a');
    expect(translate('zh-CN', 'server.unknownFilter', { key: 'b' })).toBe('不支持的查询条件：b');
    expect(translate('zh-CN', 'server.unknownFilter', {})).toBe(translate('zh-CN', 'server.unknownFilter'));
  });

  it('picks the language from the query, then Accept-Language', () => {
    expect(pickLanguage('en', 'zh-CN')).toBe('en');
    expect(pickLanguage(undefined, 'zh-TW,zh;q=0.9')).toBe('zh-TW');
    expect(pickLanguage(undefined, undefined)).toBe('zh-CN');
  });
});
