/**
 * The forms' precompiled validators (tools/form-validators/, run by precompiled-validator.ts) judge
 * exactly as ajv compiling the same schema in the browser did: for every form body of the screen
 * files, every schema its conditions and dynamic rules can make, and many kinds of data, the errors
 * rjsf gets (texts, fields, paths, params) and every condition rjsf asks about are the same. The
 * attribute forms, whose fields come from the server, likewise for random attribute definitions.
 */
import { fileURLToPath } from 'node:url';
import { createSchemaUtils, retrieveSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { attributeForm, type AttributeDefinition } from '../../renderers/form/attributes.ts';
import type { JsonSchema } from '../../renderers/form/entity-bundle.ts';
import { buildFormSchema } from '../../renderers/form/form-schema.ts';
import { formValidator } from '../../renderers/form/form-validator.ts';
import { ATTRIBUTES_KEY, formBodyKey } from '../../renderers/form/form-validator-keys.ts';
import type { FormBody } from '../../renderers/form/form-types.ts';
import { loadPrecompiledValidators } from '../../renderers/form/precompiled-validator.ts';
import { runtimeFormValidator } from '../../renderers/form/runtime-form-validator.ts';
import { i18n } from '../../src/i18n/i18n.ts';
import {
  formBodiesByKey,
  formSchemas,
  isValidSchemas,
  readEntities,
  readFormBodies,
} from '../../tools/form-validators/compile.ts';
import { KEYWORD_VALIDATORS, KEYWORDS } from '../../schemas/validators/keywords.ts';
import { setupTestI18n } from './support/i18n.ts';

const translate = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const bodies = [...formBodiesByKey(readFormBodies(local('../../schemas/screens'))).values()];
const entities = readEntities(local('../../schemas/entities'));

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

/** A small seeded generator, so a failure repeats. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] };
}

/** Values that pass or break the rules our forms use (formats, lengths, numbers, lists, blanks). */
const COMMON: unknown[] = [
  '',
  '   ',
  'a',
  'Abc_123',
  'abc def',
  '中文名称',
  'x'.repeat(300),
  '中'.repeat(140),
  '13800138000',
  '1380013800',
  'a@b.cn',
  'not-an-email',
  '2024-02-29',
  '2023-02-29',
  '2024-01-01 08:30:00',
  'https://example.com/a',
  '91350100M000100Y43',
  '110101199003074514',
  '100080',
  '010-12345678',
  'Y',
  'N',
  '12',
  '1.234',
  'Secret#2024',
  'aaaaaaaa',
  0,
  -1,
  7,
  1.25,
  2147483648,
  true,
  null,
  [],
  ['a'],
  ['a', 'a'],
  [1, 'b'],
  {},
  { id: 'x' },
];

function candidates(property: JsonSchema | undefined): unknown[] {
  const own = [
    ...(Array.isArray(property?.enum) ? property.enum : []),
    ...(property?.const !== undefined ? [property.const] : []),
    ...(property?.default !== undefined ? [property.default] : []),
    ...(Array.isArray(property?.examples) ? property.examples : []),
  ];
  return [undefined, ...own, ...own, ...COMMON];
}

/** Data for a form schema: empty, every field blank, and random mixes of candidate values. */
function samples(schema: JsonSchema, seed: number, count: number): Record<string, unknown>[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const names = Object.keys(properties);
  const { pick } = random(seed);
  const out: Record<string, unknown>[] = [{}, Object.fromEntries(names.map((name) => [name, '']))];
  for (let i = 0; i < count; i++) {
    const data: Record<string, unknown> = {};
    for (const name of names) {
      const value = pick(candidates(properties[name]));
      if (value !== undefined) data[name] = value;
    }
    out.push(data);
  }
  return out;
}

/** What rjsf shows and asks of a validator for the data, through both validators. */
function expectSameJudgement(
  precompiled: ValidatorType,
  runtime: ValidatorType,
  root: JsonSchema,
  data: Record<string, unknown>,
  parts: readonly JsonSchema[],
) {
  const schema = root as RJSFSchema;
  // A save validates the form's schema; live validation the schema resolved for the data.
  const resolved = retrieveSchema(runtime, schema, schema, data);
  for (const target of [schema, resolved]) {
    const expected = runtime.validateFormData(structuredClone(data), target);
    const actual = precompiled.validateFormData(structuredClone(data), target);
    expect(actual.errors, JSON.stringify({ data })).toEqual(expected.errors);
    expect(actual.errorSchema).toEqual(expected.errorSchema);
    const raw = runtime.rawValidation(target, structuredClone(data));
    expect(precompiled.rawValidation(target, structuredClone(data))).toEqual(raw);
  }
  for (const part of parts)
    expect(precompiled.isValid(part as RJSFSchema, data, schema)).toBe(
      runtime.isValid(part as RJSFSchema, data, schema),
    );
  // What rjsf works out while drawing the form asks the precompiled validator only what it has.
  const utils = createSchemaUtils(precompiled, schema);
  expect(() => utils.getDefaultFormState(schema, data)).not.toThrow();
  expect(utils.retrieveSchema(schema, data)).toEqual(resolved);
}

/** A schema made with a dynamic rule's pointer, with the value the form would have loaded instead. */
function withValues(node: unknown, values: unknown[]): unknown {
  if (Array.isArray(node)) return node.map((item) => withValues(item, values));
  if (node && typeof node === 'object') {
    const pointer = (node as { $data?: unknown }).$data;
    if (typeof pointer === 'string' && pointer.startsWith('/dynamic/'))
      return values[Number(pointer.slice(9))];
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withValues(value, values)]));
  }
  return node;
}

const POLICY = { minLength: 10, maxLength: 16, complexity: '1,2,4' };

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as string);

/** Values of each of our keywords, for comparing its two forms. */
const KEYWORD_VALUES: Record<string, unknown[]> = {
  maxLengthCn: [3, 0],
  minLengthCn: [2],
  decimalPlaces: [0, 2],
  minItemsSelected: [1],
  maxItemsSelected: [2],
  int32: [true, false],
  passwordPolicy: [POLICY, { complexity: [1, 3], minLength: 6 }, {}],
  passwordStrength: [{ minKinds: 2 }, { minKinds: 3 }],
  regexp: ['^a', { pattern: '^[A-Z]', flags: 'i', message: 'validation.upperFirstName' }],
  notBlank: [true, ['a', 'b']],
  sameAs: [{ b: 'a' }],
};

describe('precompiled form validators', () => {
  it("call our keywords in the form taking their value with each call: the same as ajv's compiled form", () => {
    const compiled = KEYWORDS.filter((definition) => definition.compile);
    expect(compiled.map((definition) => definition.keyword).sort()).toEqual(
      Object.keys(KEYWORD_VALUES).sort(),
    );
    const data = [...COMMON, { a: 'x', b: 'y' }, { a: 'x', b: 'x' }, { b: 'z' }, { a: '  ' }];
    for (const definition of compiled) {
      const keyword = String(definition.keyword);
      for (const value of KEYWORD_VALUES[keyword]) {
        const parentSchema = { [keyword]: value };
        const check = definition.compile!(value, parentSchema, {} as never) as ((
          data: unknown,
          cxt: { instancePath: string },
        ) => boolean) & { errors?: unknown[] };
        const standalone = KEYWORD_VALIDATORS[keyword];
        // ajv calls a keyword only on data of its types.
        const types: string[] = [definition.type ?? []].flat();
        for (const one of data.filter((item) => !types.length || types.includes(jsonType(item)))) {
          const valid = check(one, { instancePath: '/f' });
          expect(standalone(value, one, parentSchema, { instancePath: '/f' } as never), keyword).toBe(valid);
          expect(standalone.errors, JSON.stringify({ keyword, value, one })).toEqual(check.errors);
        }
      }
    }
  });

  it('exist for every form body of the screen files, and for the attribute forms', async () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const { body, source } of bodies)
      expect(await loadPrecompiledValidators(body), source).toMatchObject({ form: expect.any(Object) });
    const attributes = await loadPrecompiledValidators({ attributes: { operation: 'x' } });
    expect(formBodyKey({ attributes: { operation: 'x' } })).toBe(ATTRIBUTES_KEY);
    expect(attributes?.properties).toBeDefined();
    // A form the build did not see has none (the fixtures compile theirs).
    expect(await loadPrecompiledValidators({ fields: [{ name: 'nowhere' }] })).toBeUndefined();
  });

  it.each(bodies.map(({ source, body }) => [source, body] as const))(
    '%s: the same errors and conditions as ajv compiling in the browser',
    async (source, body: FormBody) => {
      const precompiled = (await loadPrecompiledValidators(body))!;
      const runtime = runtimeFormValidator(translate);
      const roots = formSchemas(body, entities, source);
      roots.forEach((pointed, index) => {
        const values = (body.dynamicRules ?? []).map(() => POLICY);
        const root = withValues(pointed, values) as JsonSchema;
        const dynamic = Object.fromEntries(
          (body.dynamicRules ?? []).map((rule) => [rule.field, { [rule.keyword]: POLICY }]),
        );
        // The dynamic rules' values are loaded when the schema has them (both ways, then).
        const loaded = JSON.stringify(pointed).includes('"$data"') ? dynamic : {};
        const validator = formValidator({
          translate,
          precompiled,
          dynamicRules: body.dynamicRules,
          dynamic: loaded,
        })!;
        const parts = isValidSchemas(root);
        const count = Math.max(12, Math.ceil(120 / roots.length));
        for (const data of samples(root, index + 1, count))
          expectSameJudgement(validator, runtime, root, data, parts);
      });
    },
  );

  it('attribute forms: the same errors as ajv, for random definitions and data', async () => {
    const precompiled = (await loadPrecompiledValidators({ attributes: { operation: 'x' } }))!;
    const runtime = runtimeFormValidator(translate);
    const validator = formValidator({ translate, precompiled })!;
    const { pick, next } = random(7);
    for (let round = 0; round < 60; round++) {
      const defs: AttributeDefinition[] = Array.from({ length: 1 + Math.floor(next() * 6) }, (_, i) => ({
        id: `a${i}`,
        key: pick(['no', 'years', 'score', 'member', 'born', 'skills', 'note', 'a/b', 'c~d']) + i,
        name: `attribute ${i}`,
        dataType: pick(['INT', 'DOUBLE', 'BOOLEAN', 'DATE', 'OPTION', 'STRING', undefined]),
        isMulti: pick(['Y', 'N']),
        options: pick([null, '', 'a,b,c', '["x","y"]', '{"1":"one","2":"two"}']),
      }));
      const form = attributeForm(defs);
      const states = Object.fromEntries(
        form.fields.map((field) => [
          field.name,
          { visible: true, disabled: false, readonly: false, required: false },
        ]),
      );
      const root = buildFormSchema({ base: form.schema, fields: form.fields, states, screen: 'attributes' });
      const values = [...COMMON, 'a', 'b', 'x', 'y', '1', '2', ['a', 'b'], ['b', 'b'], ['x', 'z']];
      const data = Object.fromEntries(
        form.fields.flatMap((field) => (next() < 0.2 ? [] : [[field.name, pick(values)]])),
      );
      expectSameJudgement(validator, runtime, root, data, []);
      expectSameJudgement(validator, runtime, root, form.data, []);
      // Not an object at all (rjsf never sends that, ajv would still say so).
      const notObject = ['x', 1, null, ['a']][round % 4];
      expect(validator.rawValidation(root as RJSFSchema, notObject)).toEqual(
        runtime.rawValidation(root as RJSFSchema, notObject),
      );
    }
  });

  it('tells rjsf when a form schema has no precompiled validator, rather than passing the data', async () => {
    const precompiled = (await loadPrecompiledValidators(bodies[0].body))!;
    const validator = formValidator({ translate, precompiled })!;
    const strange: RJSFSchema = { type: 'object', properties: { other: { type: 'string' } } };
    const result = validator.validateFormData({ other: 1 }, strange);
    expect(result.errors).toEqual([{ stack: 'This form schema has no precompiled validator' }]);
    expect(() => validator.isValid({ const: 'never compiled' }, 1, strange)).toThrow(
      /No precompiled validator/,
    );
  });
});
