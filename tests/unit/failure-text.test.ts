/** The text of a failed call: message and cause said once, structured details left to the screen. */
import { describe, expect, it } from 'vitest';
import { causeText, describeFailure } from '../../src/api/failure-text.ts';

const t = (key: string, params?: Record<string, unknown>) =>
  key === 'http.messageWithCause' ? `${String(params?.message)}（${String(params?.cause)}）` : key;

describe('failure text', () => {
  it('says field errors after the message', () => {
    expect(causeText([{ field: 'email', label: '邮箱', message: '邮箱格式不正确' }])).toBe(
      '邮箱: 邮箱格式不正确',
    );
    // A field without its words is left unnamed rather than shown by its raw name.
    expect(causeText([{ field: 'receiverIds', message: '数据类型不正确' }])).toBe('数据类型不正确');
    expect(describeFailure({ state: 400, message: '请求参数有误', cause: ['缺少名称'] }, 200, t)).toBe(
      '请求参数有误（缺少名称）',
    );
  });

  it('leaves out structured details in a list (they are for the screen, the message names them)', () => {
    const cause = [{ section: 'parties', applies: true, complete: false, missing: ['party'] }];
    expect(causeText(cause)).toBeUndefined();
    expect(
      describeFailure(
        { state: 6010101, message: '申报内容不完整，请先补全“参与集中的经营者”部分', cause },
        200,
        t,
      ),
    ).toBe('申报内容不完整，请先补全“参与集中的经营者”部分');
  });

  it('keeps a lone object cause as JSON (nothing better to show)', () => {
    expect(causeText({ retryAfter: 5 })).toBe('{"retryAfter":5}');
  });
});
