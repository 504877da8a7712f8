/** The environment dialog's rules: configured list, base address checks. */
import { describe, expect, it } from 'vitest';
import { configuredEnvironments, normaliseBaseUrl, sameAddress, validBaseUrl } from './environments.ts';

describe('environments', () => {
  it('accepts a path of this site or an http(s) address, and refuses the rest with a reason', () => {
    expect(validBaseUrl('/api')).toBeNull();
    expect(validBaseUrl('https://example.cn/api')).toBeNull();
    expect(validBaseUrl('  http://10.0.0.2:8080/api/ ')).toBeNull();
    expect(validBaseUrl('')).toBe('environment.error.required');
    expect(validBaseUrl('   ')).toBe('environment.error.required');
    expect(validBaseUrl('ftp://x')).toBe('environment.error.invalid');
    expect(validBaseUrl('//evil.example/api')).toBe('environment.error.invalid');
    expect(validBaseUrl('api')).toBe('environment.error.invalid');
    expect(validBaseUrl('/api?x=1')).toBe('environment.error.invalid');
    expect(validBaseUrl('/a b')).toBe('environment.error.invalid');
  });

  it('stores the address without a trailing slash and compares addresses', () => {
    expect(normaliseBaseUrl(' https://x.cn/api/ ')).toBe('https://x.cn/api');
    expect(sameAddress({ baseUrl: '/api/', singleApp: true }, { baseUrl: '/api', singleApp: true })).toBe(
      true,
    );
    expect(sameAddress({ baseUrl: '/api', singleApp: true }, { baseUrl: '/api', singleApp: false })).toBe(
      false,
    );
  });

  it('lists this server by default, or the configured environments (bad ones dropped)', () => {
    expect(configuredEnvironments(undefined).map((e) => e.key)).toEqual(['local', 'localServices']);
    const list = configuredEnvironments(
      JSON.stringify([
        { name: '测试', baseUrl: 'https://test.example.cn/api', singleApp: false },
        { name: 'bad', baseUrl: 'ftp://x' },
      ]),
    );
    expect(list).toEqual([
      { key: 'configured0', name: '测试', baseUrl: 'https://test.example.cn/api', singleApp: false },
    ]);
    expect(configuredEnvironments('not json').map((e) => e.key)).toEqual(['local', 'localServices']);
  });
});
