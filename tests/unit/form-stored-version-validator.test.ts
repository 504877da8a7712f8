/**
 * The interpreted validator (a form version published at run time, issue 26) says what ajv says of the
 * same schema: the same errors on the same fields, with the same translated texts (errorMessage
 * overrides, the project's formats and keywords, conditions), compared with ajv compiling it — on a
 * schema of every kind of rule, and on every form of the screen files with random data.
 */
import { fileURLToPath } from 'node:url';
import type { RJSFSchema } from '@rjsf/utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { interpretedFormValidator } from '../../renderers/form/interpreted-validator.ts';
import { runtimeFormValidator } from '../../renderers/form/runtime-form-validator.ts';
import { i18n } from '../../src/i18n/i18n.ts';
import {
  formBodiesByKey,
  formSchemas,
  readEntities,
  readFormBodies,
} from '../../tools/form-validators/compile.ts';
import { setupTestI18n } from './support/i18n.ts';

const keyed = (key: string, params: Record<string, unknown>) => `${key} ${JSON.stringify(params)}`;
const translate = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

// The project's keywords are beyond JSON Schema's typings.
const SCHEMA = {
  type: 'object',
  required: ['account', 'name'],
  properties: {
    account: { type: 'string', minLength: 4, format: 'no-whitespace' },
    name: { type: 'string', maxLengthCn: 6 },
    email: { type: 'string', format: 'email', errorMessage: { format: 'validation.email' } },
    mobile: { type: 'string', format: 'mobile' },
    qq: { type: 'string', pattern: '^[0-9]+$', errorMessage: { pattern: 'validation.qq' } },
    age: { type: 'integer', minimum: 18, maximum: 70 },
    status: { type: 'string', enum: ['actived', 'inactived'] },
    password: { type: 'string', passwordPolicy: { minLength: 8, digit: true } },
    kind: { type: 'string' },
  },
  if: { properties: { kind: { const: 'company' } }, required: ['kind'] },
  then: { required: ['email'] },
} as RJSFSchema;

const shown = (validator: ReturnType<typeof runtimeFormValidator>, data: Record<string, unknown>) =>
  validator
    .validateFormData(data, SCHEMA)
    .errors.filter((error) => error.name !== 'if')
    .map(({ property, message }) => `${property}: ${message}`)
    .sort();

describe('the interpreted form validator', () => {
  const ajv = runtimeFormValidator(keyed);
  const interpreted = interpretedFormValidator(keyed);

  it.each([
    ['nothing given', {}],
    [
      'every rule broken',
      {
        account: 'a b',
        name: '张三李四王五',
        email: '.bad@x',
        mobile: '123',
        qq: 'qq1',
        age: 12,
        status: 'gone',
        password: 'abcdefg',
        kind: 'company',
      },
    ],
    ['a condition met', { account: 'zhangsan', name: '张三', kind: 'company' }],
    ['all valid', { account: 'zhangsan', name: '张三', email: 'a@b.cn', mobile: '13800138000', age: 30 }],
  ])('reports what ajv reports: %s', (_case, data) => {
    expect(shown(interpreted, data)).toEqual(shown(ajv, data));
  });

  it('reports errors where there are some', () => {
    expect(shown(interpreted, { kind: 'company' })).toEqual([
      'account: validation.required {"missingProperty":"account","property":"account"}',
      'email: validation.required {"missingProperty":"email","property":"email"}',
      'name: validation.required {"missingProperty":"name","property":"name"}',
    ]);
    expect(interpreted.isValid({ required: ['a'] }, {}, SCHEMA)).toBe(false);
    expect(interpreted.isValid({ required: ['a'] }, { a: 1 }, SCHEMA)).toBe(true);
  });
});

/** The samples the precompiled validators' test uses, in short: blanks and a few kinds of values. */
const VALUES: unknown[] = [
  '',
  '  ',
  'a',
  'abc def',
  '中'.repeat(140),
  '13800138000',
  'a@b.cn',
  'x@',
  7,
  -1,
  true,
  null,
  ['a'],
];

describe('the interpreted validator on every form of the screen files', () => {
  const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const bodies = [...formBodiesByKey(readFormBodies(local('../../schemas/screens'))).values()];
  const entities = readEntities(local('../../schemas/entities'));
  const policy = { minLength: 10, maxLength: 16, complexity: '1,2,4' };

  beforeAll(async () => {
    await setupTestI18n('zh-CN');
  });

  it('shows the errors ajv shows, with the same texts', () => {
    const ajv = runtimeFormValidator(translate);
    const interpreted = interpretedFormValidator(translate);
    let seed = 11;
    const next = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    for (const { body, source } of bodies)
      for (const pointed of formSchemas(body, entities, source)) {
        // A stored form's schema carries the values its dynamic rules loaded.
        const root = JSON.parse(
          JSON.stringify(pointed).replace(/\{"\$data":"\/dynamic\/\d+"\}/g, JSON.stringify(policy)),
        ) as RJSFSchema;
        const names = Object.keys(root.properties ?? {});
        for (let round = 0; round < 20; round++) {
          const data = Object.fromEntries(
            names.flatMap((name) =>
              next() < 0.3 ? [] : [[name, VALUES[Math.floor(next() * VALUES.length)]]],
            ),
          );
          const seen = (validator: typeof ajv) =>
            validator
              .validateFormData(structuredClone(data), root)
              .errors.map(({ property, message }) => `${property}: ${message}`)
              .sort();
          expect(seen(interpreted), `${source} ${JSON.stringify(data)}`).toEqual(seen(ajv));
        }
      }
  });
});
