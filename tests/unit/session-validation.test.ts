/**
 * The sign-in forms' rules (spec §5, §9) and the SMS resend countdown (§4, §9).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  validateCaptcha,
  validateLogin,
  validateMobile,
  validateSmsCode,
} from '../../src/pages/login-validation.ts';
import {
  validateAccount,
  validateEmail,
  validateName,
  validateNewPassword,
  validateRepeat,
} from '../../src/pages/auth/account-rules.ts';
import {
  resetCountdowns,
  RESEND_SECONDS,
  secondsLeft,
  startCountdown,
} from '../../src/pages/auth/countdown.ts';

afterEach(() => resetCountdowns());

describe('sign-in rules', () => {
  it('needs a username and a password of at least 5 characters', () => {
    expect(validateLogin('', '')).toEqual({
      username: { key: 'login.usernameRequired' },
      password: { key: 'login.passwordRequired' },
    });
    expect(validateLogin('a', '1234').password).toEqual({ key: 'login.passwordMin', params: { min: 5 } });
    expect(validateLogin(' a ', '12345')).toEqual({});
  });

  it('says what is wrong with a mobile: empty, length, format', () => {
    expect(validateMobile('')).toEqual({ key: 'validation.mobileRequired' });
    expect(validateMobile('1391234567')).toEqual({ key: 'validation.mobileLength' });
    expect(validateMobile('12912345678')).toEqual({ key: 'validation.mobile' });
    expect(validateMobile('1391234567a')).toEqual({ key: 'validation.mobile' });
    expect(validateMobile('13912345678')).toBeUndefined();
  });

  it('wants an SMS code of exactly 6 and a captcha of at most 5 characters', () => {
    expect(validateSmsCode('')).toEqual({ key: 'signin.codeRequired' });
    expect(validateSmsCode('12345')).toEqual({ key: 'validation.validCodeLength' });
    expect(validateSmsCode('1234567')).toEqual({ key: 'validation.validCodeLength' });
    expect(validateSmsCode('123456')).toBeUndefined();
    expect(validateCaptcha(' ')).toEqual({ key: 'validation.captchaRequired' });
    expect(validateCaptcha('ABCDEF')).toMatchObject({ key: 'signin.captchaMax' });
    expect(validateCaptcha('AB12')).toBeUndefined();
  });
});

describe('registration and reset rules', () => {
  it('checks account, name and e-mail like the server', () => {
    expect(validateAccount('')).toEqual({ key: 'validation.required' });
    expect(validateAccount('1abc')).toEqual({ key: 'validation.keyAlias' });
    expect(validateAccount('a')).toEqual({ key: 'validation.keyAlias' });
    expect(validateAccount('zhang_san2')).toBeUndefined();
    expect(validateName('名'.repeat(65))).toEqual({ key: 'validation.maxLength', params: { limit: 64 } });
    expect(validateName('张三')).toBeUndefined();
    expect(validateEmail('')).toBeUndefined();
    expect(validateEmail('a@b')).toEqual({ key: 'validation.email' });
    expect(validateEmail('zhang.san@example.cn')).toBeUndefined();
  });

  it("checks a new password against the server's policy, first broken rule first", () => {
    const policy = { complexity: '1,2,3', minLength: 8, maxLength: 20 };
    expect(validateNewPassword('', policy)).toEqual({ key: 'validation.required' });
    expect(validateNewPassword('aA1', policy)).toEqual({
      key: 'validation.passwordPolicy.minLength',
      params: { limit: 8 },
    });
    expect(validateNewPassword('abcdefgh1', policy)).toEqual({ key: 'validation.passwordPolicy.upperCase' });
    expect(validateNewPassword('Abcdefgh1', policy)).toBeUndefined();
    // Without the policy the server still decides.
    expect(validateNewPassword('x', null)).toBeUndefined();
    expect(validateRepeat('Abcdefgh1', 'Abcdefgh2')).toEqual({ key: 'validation.passwordMismatch' });
    expect(validateRepeat('Abcdefgh1', 'Abcdefgh1')).toBeUndefined();
  });
});

describe('SMS resend countdown', () => {
  it('counts 60 s per key, separately', () => {
    const now = 1_000_000;
    startCountdown('old', RESEND_SECONDS, now);
    expect(RESEND_SECONDS).toBe(60);
    expect(secondsLeft('old', now)).toBe(60);
    expect(secondsLeft('old', now + 59_001)).toBe(1);
    expect(secondsLeft('new', now)).toBe(0);
    startCountdown('new', 42, now + 10_000);
    expect(secondsLeft('new', now + 10_000)).toBe(42);
    expect(secondsLeft('old', now + 60_000)).toBe(0);
  });
});
