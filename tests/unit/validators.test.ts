import { describe, it, expect } from 'vitest';
import Ajv from 'ajv';
import type { AnySchemaObject, ErrorObject } from 'ajv';
import {
  addValidators,
  cnLength,
  createAjv,
  decimalPlacesOf,
  FORMAT_MESSAGE_KEYS,
  idCardCheckCharacter,
  isIdCard,
  localizeErrors,
  messageKeyFor,
  passwordKindCount,
  passwordPolicyViolations,
  selectedCount,
} from '../../schemas/validators.ts';
import { loadEntities } from '../../schemas/catalogue.ts';

const ajv = createAjv();

/** Errors of validating value against schema ([] when valid). */
function errorsOf(schema: AnySchemaObject, value: unknown): ErrorObject[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

function keysOf(schema: AnySchemaObject, value: unknown): string[] {
  return errorsOf(schema, value).map((error) => messageKeyFor(error).key);
}

const FORMAT_CASES: Record<string, { valid: string[]; invalid: string[] }> = {
  mobile: {
    valid: ['13812345678', '19900000000'],
    invalid: ['12812345678', '1381234567', '138123456789', '+8613812345678'],
  },
  'email-local': {
    valid: ['a.b@x.cn', 'a@x.cn', 'zhang_san-1@mail.example.com.cn', 'A9@example.xn--fiqs8s'],
    invalid: [
      '.a@x.cn',
      'a.@x.cn',
      'a b@x.cn',
      '_a@x.cn',
      'a@localhost',
      'a@x',
      'a@xn--fiqs8s',
      'a+b@x.cn',
      'a@@x.cn',
    ],
  },
  idcard: {
    valid: ['11010519491231002X', '11010519491231002x', '110105491231002'],
    invalid: [
      '110105194912310021',
      '11010519490230002X',
      '01010519491231002X',
      '110105491331002',
      '1101051949123100',
    ],
  },
  zip: { valid: ['100000', '518000'], invalid: ['10000', '1000000', '10000a'] },
  phone: {
    valid: ['010-12345678', '0755-1234567', '010-12345678-123', '01012345678', '13812345678'],
    invalid: ['12345678', '010-123456', '10-12345678', '010-12345678-', 'tel:010-12345678'],
  },
  url: {
    valid: [
      'http://example.com',
      'https://a.b.cn:8080/path?q=1#x',
      'http://localhost:3000',
      'http://192.168.1.1/',
    ],
    invalid: ['ftp://example.com', 'example.com', 'http://', 'http://exa mple.com', 'javascript:alert(1)'],
  },
  date: {
    valid: ['2024-02-29', '1999-12-31'],
    invalid: ['2023-02-29', '2024-13-01', '2024-1-01', '2024/01/01', '2024-01-01 00:00:00'],
  },
  datetime: {
    valid: ['2024-02-29 23:59:59', '2024-01-01 00:00:00'],
    invalid: [
      '2024-02-30 00:00:00',
      '2024-01-01 24:00:00',
      '2024-01-01T00:00:00',
      '2024-01-01 00:60:00',
      '2024-01-01',
    ],
  },
  key: { valid: ['a', 'userName_1', 'A'], invalid: ['1a', '_a', 'a-b', 'a b', ''] },
  'key-alias': {
    valid: ['ab', 'zhang_san', 'a'.repeat(40)],
    invalid: ['a', '1ab', 'a-b', 'a'.repeat(41), '张三'],
  },
  'no-whitespace': { valid: ['abc', 'wx_id-1', ''], invalid: ['a b', ' a', 'a\t', 'a\u3000b'] },
  'boolean-yn': { valid: ['Y', 'N'], invalid: ['y', 'Yes', 'true', ''] },
  'upper-first-name': { valid: ['Zhang', 'A', 'Émile'], invalid: ['zhang', '张三', '1A', ''] },
  'integer-string': { valid: ['0', '-12', '+7', '2147483648'], invalid: ['1.5', '1e3', '', 'a1', '1 '] },
  'float-string': { valid: ['1', '-1.5', '.5', '+0.25'], invalid: ['1.', '1.2.3', 'abc', '', '1e3'] },
};

describe('formats', () => {
  for (const [format, { valid, invalid }] of Object.entries(FORMAT_CASES)) {
    it(`${format} accepts valid and rejects invalid values with ${FORMAT_MESSAGE_KEYS[format]}`, () => {
      const schema = { type: 'string', format };
      for (const value of valid) expect(errorsOf(schema, value), `${format}: ${value}`).toEqual([]);
      for (const value of invalid)
        expect(keysOf(schema, value), `${format}: ${value}`).toEqual([FORMAT_MESSAGE_KEYS[format]]);
    });
  }

  it('computes the ID card check character by ISO 7064 MOD 11-2', () => {
    expect(idCardCheckCharacter('11010519491231002')).toBe('X');
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('110105194912310020')).toBe(false);
  });

  it('date and datetime support formatMinimum through compare', () => {
    const schema = { type: 'string', format: 'date', formatMinimum: '2024-01-01' };
    expect(errorsOf(schema, '2024-06-01')).toEqual([]);
    expect(errorsOf(schema, '2023-12-31')).toHaveLength(1);
  });
});

describe('keywords', () => {
  it('maxLengthCn / minLengthCn count a non-ASCII character as 3', () => {
    expect(cnLength('中')).toBe(3);
    expect(cnLength('中a')).toBe(4);
    expect(cnLength('😀')).toBe(3);
    expect(keysOf({ type: 'string', maxLengthCn: 4 }, '中a')).toEqual([]);
    expect(keysOf({ type: 'string', maxLengthCn: 4 }, '中ab')).toEqual(['validation.maxLengthCn']);
    expect(keysOf({ type: 'string', minLengthCn: 3 }, '中')).toEqual([]);
    expect(keysOf({ type: 'string', minLengthCn: 3 }, 'ab')).toEqual(['validation.minLengthCn']);
    const [error] = errorsOf({ type: 'string', maxLengthCn: 2 }, '中');
    expect(messageKeyFor(error).params).toMatchObject({ limit: 2 });
  });

  it('decimalPlaces limits digits after the point of numbers and numeric strings', () => {
    const schema = { type: ['number', 'string'], decimalPlaces: 2 };
    for (const value of [1, 1.5, 1.25, '3.14', '-0.01', '10'])
      expect(keysOf(schema, value), String(value)).toEqual([]);
    for (const value of [1.255, '3.141', 1.5e-7])
      expect(keysOf(schema, value), String(value)).toEqual(['validation.decimalPlaces']);
    expect(keysOf(schema, 'abc')).toEqual([]); // not numeric: left to format/type
    expect(decimalPlacesOf(1.5e-7)).toBe(8);
    expect(decimalPlacesOf('12.')).toBe(0);
    expect(decimalPlacesOf('e5')).toBeUndefined();
  });

  it('minItemsSelected / maxItemsSelected count arrays and comma-separated strings', () => {
    const schema = { type: ['array', 'string'], minItemsSelected: 2, maxItemsSelected: 3 };
    expect(selectedCount('a,b,,c')).toBe(3);
    expect(keysOf(schema, ['a', 'b'])).toEqual([]);
    expect(keysOf(schema, 'a,b,c')).toEqual([]);
    expect(keysOf(schema, ['a'])).toEqual(['validation.minItemsSelected']);
    expect(keysOf(schema, 'a')).toEqual(['validation.minItemsSelected']);
    expect(keysOf(schema, 'a,b,c,d')).toEqual(['validation.maxItemsSelected']);
  });

  it('int32 bounds integers to the signed 32-bit range', () => {
    const schema = { type: ['integer', 'string'], int32: true };
    for (const value of [2147483647, -2147483648, 0, '2147483647'])
      expect(keysOf(schema, value), String(value)).toEqual([]);
    for (const value of [2147483648, -2147483649, '2147483648', '99999999999999999999', 'abc']) {
      expect(keysOf(schema, value), String(value)).toEqual(['validation.int32']);
    }
    expect(keysOf({ type: 'number', int32: true }, 1.5)).toEqual(['validation.int32']);
    expect(keysOf({ type: 'integer', int32: false }, 2147483648)).toEqual([]);
  });

  it('passwordPolicy requires every listed class and the lengths, one error per broken rule', () => {
    const schema = { type: 'string', passwordPolicy: { complexity: '1,3', minLength: 6, maxLength: 10 } };
    expect(keysOf(schema, 'abc123')).toEqual([]);
    expect(keysOf(schema, 'abcdef')).toEqual(['validation.passwordPolicy.digit']);
    expect(keysOf(schema, 'ab1')).toEqual(['validation.passwordPolicy.minLength']);
    expect(keysOf(schema, 'ABCDEFGHIJK')).toEqual([
      'validation.passwordPolicy.maxLength',
      'validation.passwordPolicy.lowerCase',
      'validation.passwordPolicy.digit',
    ]);
    const all = { type: 'string', passwordPolicy: { complexity: '1,2,3,4' } };
    expect(keysOf(all, 'aA1!')).toEqual([]);
    expect(keysOf(all, 'aa11')).toEqual([
      'validation.passwordPolicy.upperCase',
      'validation.passwordPolicy.special',
    ]);
    expect(passwordPolicyViolations('x', { minLength: 3 })).toEqual([{ rule: 'minLength', limit: 3 }]);
  });

  it('passwordStrength needs N kinds of digit / letter / special character', () => {
    const schema = { type: 'string', passwordStrength: { minKinds: 2 } };
    expect(passwordKindCount('abc123!')).toBe(3);
    for (const value of ['abc12345', 'abcdefg!', '1234567!'])
      expect(keysOf(schema, value), value).toEqual([]);
    for (const value of ['abcdefgh', '12345678', '!@#$%^&*'])
      expect(keysOf(schema, value), value).toEqual(['validation.passwordStrength']);
  });

  it('regexp tests a pattern and reports its own message key', () => {
    expect(keysOf({ type: 'string', regexp: '^[a-z]+$' }, 'abc')).toEqual([]);
    expect(keysOf({ type: 'string', regexp: '^[a-z]+$' }, 'ABC')).toEqual(['validation.regexp']);
    const custom = {
      type: 'string',
      regexp: { pattern: '^case-\\d+$', flags: 'i', message: 'validation.caseNumber' },
    };
    expect(keysOf(custom, 'CASE-12')).toEqual([]);
    expect(keysOf(custom, 'case')).toEqual(['validation.caseNumber']);
    expect(() => ajv.compile({ type: 'string', regexp: '(' })).toThrow();
  });

  it('notBlank rejects whitespace-only strings, and at object level absent or blank properties', () => {
    expect(keysOf({ type: 'string', notBlank: true }, ' a ')).toEqual([]);
    expect(keysOf({ type: 'string', notBlank: true }, ' \u3000\t')).toEqual(['validation.notBlank']);
    const object = { type: 'object', notBlank: ['name'] };
    expect(keysOf(object, { name: 'x' })).toEqual([]);
    const errors = errorsOf(object, { name: '  ' });
    expect(errors.map((error) => messageKeyFor(error))).toEqual([
      { key: 'validation.notBlank', params: { missingProperty: 'name', property: 'name' } },
    ]);
    expect(keysOf(object, {})).toEqual(['validation.notBlank']);
  });

  it('sameAs compares two properties and points at the repeated one', () => {
    const schema = { type: 'object', sameAs: { repeatPassword: 'newPassword' } };
    expect(errorsOf(schema, { newPassword: 'a', repeatPassword: 'a' })).toEqual([]);
    const [error] = errorsOf(schema, { newPassword: 'a', repeatPassword: 'b' });
    expect(error.instancePath).toBe('/repeatPassword');
    expect(messageKeyFor(error).key).toBe('validation.sameAs');
  });

  it('addValidators is idempotent and works on a bare ajv', () => {
    const bare = new Ajv({ allErrors: true });
    expect(() => addValidators(addValidators(bare))).not.toThrow();
    const validate = bare.compile({ type: 'string', format: 'mobile', maxLengthCn: 20 });
    expect(validate('13812345678')).toBe(true);
    expect(validate('x')).toBe(false);
  });

  it('declares errorMessage so a strict ajv accepts schemas that use it', () => {
    const strict = addValidators(new Ajv({ strict: true }));
    expect(() =>
      strict.compile({ type: 'string', errorMessage: { format: 'validation.email' } }),
    ).not.toThrow();
  });
});

describe('messageKeyFor', () => {
  it('maps built-in keywords to validation keys with their params', () => {
    const cases: Array<[AnySchemaObject, unknown, string, Record<string, unknown>]> = [
      [{ type: 'object', required: ['a'] }, {}, 'validation.required', { property: 'a' }],
      [{ type: 'string' }, 1, 'validation.type', { type: 'string' }],
      [{ type: 'string', minLength: 3 }, 'ab', 'validation.minLength', { limit: 3 }],
      [{ type: 'string', maxLength: 64 }, 'a'.repeat(65), 'validation.maxLength', { limit: 64 }],
      [{ type: 'number', minimum: 1 }, 0, 'validation.minimum', { limit: 1 }],
      [{ type: 'number', maximum: 1 }, 2, 'validation.maximum', { limit: 1 }],
      [{ type: 'string', pattern: '^a$' }, 'b', 'validation.pattern', { pattern: '^a$' }],
      [{ enum: ['ASC', 'DESC'] }, 'UP', 'validation.enum', { allowedValues: 'ASC, DESC' }],
      [{ type: 'string', format: 'ipv4' }, 'x', 'validation.format', { format: 'ipv4' }],
      [{ type: 'string', format: 'email' }, 'x', 'validation.email', {}],
      [
        { type: 'object', additionalProperties: false },
        { x: 1 },
        'validation.additionalProperties',
        { property: 'x' },
      ],
      [{ const: 'role' }, 'x', 'validation.const', { allowedValue: 'role' }],
      [{ type: 'array', minItems: 1 }, [], 'validation.minItems', { limit: 1 }],
      [{ type: 'array', maxItems: 1 }, [1, 2], 'validation.maxItems', { limit: 1 }],
    ];
    for (const [schema, value, key, params] of cases) {
      const [error] = errorsOf(schema, value);
      const mapped = messageKeyFor(error);
      expect(mapped.key, JSON.stringify(schema)).toBe(key);
      expect(mapped.params).toMatchObject(params);
    }
  });

  it('falls back to validation.invalid for an unknown keyword', () => {
    expect(messageKeyFor({ keyword: 'somethingElse', params: {} }).key).toBe('validation.invalid');
  });

  it('honours errorMessage overrides: per keyword, per property of required, as a string, and via schemaPath', () => {
    const schema = {
      type: 'object',
      required: ['mobile', 'name'],
      errorMessage: { required: { mobile: 'validation.mobileRequired' } },
      properties: {
        mobile: { type: 'string', format: 'mobile', errorMessage: { format: 'validation.custom' } },
        wc: { type: 'string', format: 'no-whitespace', errorMessage: 'validation.wcAccountNoWhitespace' },
      },
    };
    expect(keysOf(schema, {}).sort()).toEqual(['validation.mobileRequired', 'validation.required']);
    expect(keysOf(schema, { mobile: 'x', name: 'n', wc: 'a b' })).toEqual([
      'validation.custom',
      'validation.wcAccountNoWhitespace',
    ]);

    // Without verbose, errors have no parentSchema: the root schema resolves the node through schemaPath.
    const plain = new Ajv({ allErrors: true, strict: false });
    addValidators(plain);
    const validate = plain.compile(schema);
    validate({ mobile: 'x', name: 'n' });
    const [formatError] = validate.errors ?? [];
    expect(formatError.parentSchema).toBeUndefined();
    expect(messageKeyFor(formatError).key).toBe('validation.mobile');
    expect(messageKeyFor(formatError, schema).key).toBe('validation.custom');
  });

  it('localizeErrors rewrites messages with the translated text', () => {
    const errors = errorsOf({ type: 'string', maxLength: 2 }, 'abc');
    localizeErrors(errors, (key, params) => `${key}:${String(params.limit)}`);
    expect(errors[0].message).toBe('validation.maxLength:2');
  });
});

type Sample = { valid: unknown[]; invalid: Array<{ value: unknown; keys: string[] }> };

const ENTITY_SAMPLES: Record<string, Sample> = {
  employee: {
    valid: [
      {
        account: 'zhangsan',
        password: 'x',
        name: '张三',
        status: 'actived',
        gender: 'male',
        email: 'zhang.san@example.cn',
      },
      {
        id: 'e1',
        account: 'li_si',
        name: 'Li Si',
        status: 'locked',
        gender: 'female',
        email: 'l@x.cn',
        mobile: '13912345678',
        qq: '123456',
      },
    ],
    invalid: [
      {
        value: {
          id: 'e1',
          account: 'z',
          name: ' ',
          status: 'gone',
          gender: 'male',
          email: '.a@x.cn',
          wcAccount: 'a b',
          mobile: '123',
        },
        keys: [
          'validation.keyAlias',
          'validation.notBlank',
          'validation.enum',
          'validation.email',
          'validation.mobile',
          'validation.wcAccountNoWhitespace',
        ],
      },
      // A new employee (no id) needs a password.
      {
        value: { account: 'zhangsan', name: '张三', status: 'actived', gender: 'male', email: 'a@x.cn' },
        keys: ['validation.required', 'validation.if'],
      },
      {
        value: {
          id: 'e1',
          account: 'ab',
          name: 'x'.repeat(65),
          status: 'actived',
          gender: 'male',
          email: 'a@x.cn',
        },
        keys: ['validation.maxLength'],
      },
    ],
  },
  'list-request': {
    valid: [
      {},
      {
        parameters: [{ key: 'MSG_ID', value: '1' }],
        requestPage: { pageNo: 1, limit: 20 },
        sorts: [{ field: 'createTime', order: 'DESC' }],
      },
    ],
    invalid: [
      {
        value: { requestPage: { pageNo: 0, limit: 1001 } },
        keys: ['validation.minimum', 'validation.maximum'],
      },
      {
        value: { sorts: [{ field: 'name; drop table', order: 'UP' }] },
        keys: ['validation.pattern', 'validation.enum'],
      },
      { value: { extra: 1 }, keys: ['validation.additionalProperties'] },
    ],
  },
  'password-change': {
    valid: [
      { newPassword: 'abc12345', repeatPassword: 'abc12345', primitivePassword: 'old', reset: 0 },
      { userIds: 'u1,u2', newPassword: 'abc!defg', repeatPassword: 'abc!defg', reset: 1 },
      { userIds: 'u1', reset: 2 },
    ],
    invalid: [
      {
        value: { newPassword: 'abc12345', repeatPassword: 'abc12346', primitivePassword: 'old' },
        keys: ['validation.passwordMismatch'],
      },
      {
        value: { newPassword: 'abcdefgh', repeatPassword: 'abcdefgh', primitivePassword: 'old' },
        keys: ['validation.passwordStrength'],
      },
      { value: { newPassword: 'ab1', repeatPassword: 'ab1', reset: 1 }, keys: ['validation.minLength'] },
      {
        value: { newPassword: 'abc12345', repeatPassword: 'abc12345' },
        keys: ['validation.required', 'validation.if'],
      },
    ],
  },
  'login-form': {
    valid: [
      { mobile: '13812345678', validCode: '123456' },
      { mobile: '13812345678', passWd: 'secret' },
    ],
    invalid: [
      {
        value: { mobile: '1381234567', validCode: '12345' },
        keys: ['validation.mobileLength', 'validation.mobile', 'validation.validCodeLength'],
      },
      { value: { mobile: '12812345678' }, keys: ['validation.mobile'] },
      { value: { passWd: '1234' }, keys: ['validation.mobileRequired', 'validation.minLength'] },
    ],
  },
  tenant: {
    valid: [
      {
        name: '某某科技有限公司',
        code: 'acme',
        account: 'admin_acme',
        email: 'admin@acme.com.cn',
        approveStatus: 'WAIT',
        status: 'ENABLED',
      },
    ],
    invalid: [
      {
        value: {
          name: '',
          code: '1acme',
          account: 'admin',
          email: 'a.@x.cn',
          approveStatus: 'DONE',
          status: 'ON',
        },
        keys: [
          'validation.notBlank',
          'validation.keyAlias',
          'validation.email',
          'validation.enum',
          'validation.enum',
        ],
      },
    ],
  },
  captcha: {
    valid: [{ captcha: 'ab12', requestId: 'r1' }],
    invalid: [
      { value: { captcha: 'abcdef', requestId: 'r1' }, keys: ['validation.maxLength'] },
      { value: { requestId: 'r1' }, keys: ['validation.captchaRequired'] },
    ],
  },
  attachment: {
    valid: [{ fileName: '申报材料', ext: 'pdf', totalBytes: 1024 }],
    invalid: [{ value: { fileName: '中'.repeat(79), ext: 'pdf' }, keys: ['validation.fileNameTooLong'] }],
  },
};

describe('entity schemas', () => {
  const entities = loadEntities();
  const entityAjv = createAjv();
  for (const entity of entities) entityAjv.addSchema(entity);

  it('every entity has $id, title and type, and compiles with createAjv()', () => {
    expect(entities.length).toBeGreaterThanOrEqual(32);
    for (const entity of entities) {
      expect(entity.$id, JSON.stringify(entity).slice(0, 80)).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(entity.title, String(entity.$id)).toEqual(expect.any(String));
      expect(entity.type, String(entity.$id)).toBeDefined();
      expect(() => entityAjv.getSchema(String(entity.$id)), String(entity.$id)).not.toThrow();
    }
  });

  for (const [id, { valid, invalid }] of Object.entries(ENTITY_SAMPLES)) {
    it(`${id} accepts valid samples and rejects invalid ones with the expected keys`, () => {
      const validate = entityAjv.getSchema(id);
      if (!validate) throw new Error(`entity ${id} is missing`);
      for (const value of valid) {
        validate(value);
        expect(validate.errors ?? [], JSON.stringify(value)).toEqual([]);
      }
      for (const { value, keys } of invalid) {
        expect(validate(value), JSON.stringify(value)).toBe(false);
        const actual = (validate.errors ?? []).map((error) => messageKeyFor(error).key);
        expect(actual.sort(), JSON.stringify(value)).toEqual([...keys].sort());
      }
    });
  }
});
