/**
 * The registration forms size their inputs by the catalogue (`?limits` imports): the numbers are the
 * server's, and the plugin keeps only limits (with a format's own length).
 */
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_MAX, PERSONAL_MAX } from '../../src/pages/auth/registration-limits.ts';
import { requestLimits } from '../../tools/vite-yaml-plugin.ts';

describe('registration input limits', () => {
  it('come from user.register and saas.tenant.register', () => {
    expect(PERSONAL_MAX).toEqual({ account: 40, name: 64, email: 128 });
    expect(ENTERPRISE_MAX).toEqual({
      name: 128,
      creditCode: 18,
      code: 40,
      contactName: 64,
      account: 40,
      mobile: 11,
      email: 128,
    });
  });

  it('keep only lengths, a format supplying its own', () => {
    const limits = requestLimits({
      operations: {
        'a.b': {
          summary: 'not kept',
          request: {
            query: { properties: { q: { type: 'string', maxLength: 9 } } },
            body: {
              properties: {
                account: { type: 'string', format: 'key-alias' },
                mobile: { type: 'string', format: 'mobile' },
                code: { type: 'string', minLength: 6, maxLength: 6 },
                free: { type: 'string' },
              },
            },
          },
        },
        'c.d': { request: { body: { $ref: 'tenant' } } },
      },
    });
    expect(limits).toEqual({
      'a.b': {
        q: { maxLength: 9 },
        account: { maxLength: 40 },
        mobile: { maxLength: 11 },
        code: { minLength: 6, maxLength: 6 },
      },
    });
  });
});
