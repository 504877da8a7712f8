/**
 * The pure parts of the form kind: the rjsf schema and uiSchema built from an entity and a screen's
 * fields (conditions, pruned conditionals, labels, tooltips, spans), the body templates ($merge,
 * $join), the mode from params, entity bundling, and extended attributes in and out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { attributeForm, attributeValues, parseOptions } from '../../renderers/form/attributes.ts';
import { bundleEntity, loadEntitySchema, referencedIds } from '../../renderers/form/entity-schemas.ts';
import { atPath, formModeOf, withoutNulls } from '../../renderers/form/form-mode.ts';
import {
  buildFormSchema,
  buildUiSchema,
  fieldStates,
  needsWidgetField,
  pruneToFields,
} from '../../renderers/form/form-schema.ts';
import type { FieldDefinition } from '../../renderers/form/form-types.ts';
import { fieldErrorsOnly, rjsfLocalizer } from '../../renderers/form/form-validator.ts';
import { runtimeFormValidator } from '../../renderers/form/runtime-form-validator.ts';
import { resolveTemplate } from '../../renderers/form/template-values.ts';
import { i18n } from '../../src/i18n/i18n.ts';
import { setupTestI18n } from './support/i18n.ts';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

const ENTITY = {
  type: 'object',
  title: 'Employee',
  description: 'developer note',
  required: ['account', 'name'],
  properties: {
    id: { type: 'string' },
    account: { type: 'string', description: 'Login account.' },
    password: { type: 'string', minLength: 1 },
    name: { type: 'string', maxLength: 64 },
    status: { type: 'string', enum: ['actived', 'locked'] },
  },
  if: { not: { required: ['id'] } },
  then: { required: ['password'] },
};

const FIELDS: FieldDefinition[] = [
  { name: 'account', label: 'f.account', disabled: "mode == 'edit'", tooltip: 'f.tip' },
  { name: 'password', label: 'f.password', widget: 'password', visible: "mode == 'new'" },
  { name: 'name', label: 'f.name', span: 2, rules: { maxLength: 10 } },
  { name: 'status', label: 'f.status', options: [{ value: 'locked', label: 's.locked' }] },
];

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

describe('buildFormSchema', () => {
  it('keeps the visible fields, their rules and the conditionals that concern them', () => {
    const states = fieldStates(FIELDS, { mode: 'new' });
    const schema = buildFormSchema({ base: ENTITY, fields: FIELDS, states, screen: 's' });
    expect(Object.keys(schema.properties as object)).toEqual(['account', 'password', 'name', 'status']);
    expect(schema.required).toEqual(['account', 'name']);
    expect(schema.then).toEqual({ required: ['password'] });
    expect((schema.properties as Record<string, object>).name).toEqual({ type: 'string', maxLength: 10 });
    // Entity docs are for developers; the screen's labels replace them.
    expect(schema.title).toBeUndefined();
    expect((schema.properties as Record<string, object>).account).toEqual({ type: 'string' });
  });

  it('drops a hidden field and every rule about it (edit: no password)', () => {
    const states = fieldStates(FIELDS, { mode: 'edit' });
    const schema = buildFormSchema({ base: ENTITY, fields: FIELDS, states, screen: 's' });
    expect(Object.keys(schema.properties as object)).not.toContain('password');
    expect(schema.then).toEqual({ required: [] });
  });

  it('adds run-time keywords and field-level requirements, and rejects unknown fields', () => {
    const fields: FieldDefinition[] = [{ name: 'password', required: true }];
    const schema = buildFormSchema({
      base: ENTITY,
      fields,
      states: fieldStates(fields, {}),
      dynamic: { password: { passwordPolicy: { minLength: 8 } } },
      screen: 's',
    });
    expect((schema.properties as Record<string, object>).password).toEqual({
      type: 'string',
      minLength: 1,
      passwordPolicy: { minLength: 8 },
    });
    expect(schema.required).toContain('password');
    expect(() =>
      buildFormSchema({ base: ENTITY, fields: [{ name: 'nope' }], states: {}, screen: 's' }),
    ).toThrow(/unknown field nope/);
  });

  it('prunes sameAs pairs and notBlank lists to the shown fields', () => {
    const pruned = pruneToFields(
      {
        sameAs: { repeat: 'new', other: 'gone' },
        notBlank: ['new', 'gone'],
        allOf: [{ required: ['gone', 'new'] }],
      },
      new Set(['new', 'repeat']),
    );
    expect(pruned).toEqual({ sameAs: { repeat: 'new' }, notBlank: ['new'], allOf: [{ required: ['new'] }] });
  });
});

describe('buildUiSchema', () => {
  it('translates labels, tooltips and option names; applies conditions and spans', () => {
    const states = fieldStates(FIELDS, { mode: 'edit' });
    const schema = buildFormSchema({ base: ENTITY, fields: FIELDS, states, screen: 's' });
    const ui = buildUiSchema(FIELDS, states, schema, { columns: 2 }, t);
    expect(ui['ui:order']).toEqual(['account', 'name', 'status', '*']);
    expect(ui.account).toMatchObject({ 'ui:title': '«f.account»', 'ui:disabled': true });
    expect(ui.account['ui:options']).toMatchObject({ tooltip: '«f.tip»', span: 1 });
    expect(ui.name['ui:options']).toMatchObject({ span: 2 });
    expect(ui.status['ui:options']).toMatchObject({ enumNames: { locked: '«s.locked»' } });
    expect(ui.password).toBeUndefined();
  });

  it('hands objects and unions to a registered widget through WidgetField', () => {
    expect(needsWidgetField({ anyOf: [{ type: 'object' }, { type: 'null' }] })).toBe(true);
    expect(needsWidgetField({ type: 'array' })).toBe(false);
    const fields: FieldDefinition[] = [{ name: 'org', widget: 'orgPicker' }];
    const schema = { type: 'object', properties: { org: { anyOf: [{ type: 'object' }, { type: 'null' }] } } };
    const ui = buildUiSchema(fields, fieldStates(fields, {}), schema, undefined, t);
    expect(ui.org).toMatchObject({ 'ui:widget': 'orgPicker', 'ui:field': 'widgetField', 'ui:label': false });
  });
});

describe('resolveTemplate', () => {
  const scope = {
    form: { basic: { name: '张三', orgItem: { id: 'o1' } }, org: { groupID: 'o2' } },
    params: { ids: ['a', 'b'] },
  };

  it('evaluates strings, keeps other values, spreads $merge and joins $join', () => {
    expect(
      resolveTemplate(
        {
          po: { $merge: 'form.basic', groupID: 'form.org.groupID', orgItem: null },
          reset: 1,
          userIds: { $join: 'params.ids' },
        },
        scope,
      ),
    ).toEqual({ po: { name: '张三', orgItem: null, groupID: 'o2' }, reset: 1, userIds: 'a,b' });
    expect(resolveTemplate({ $join: "'x'" }, scope)).toBe('x');
  });
});

describe('form mode and records', () => {
  it('is view when read-only, edit with an id, else new', () => {
    expect(formModeOf({})).toBe('new');
    expect(formModeOf({ id: 'e1' })).toBe('edit');
    expect(formModeOf({ id: 'e1', readonly: true })).toBe('view');
    expect(formModeOf({ employeeId: 'e1' }, 'employeeId')).toBe('edit');
    expect(formModeOf({ id: '' })).toBe('new');
    expect(formModeOf({ mode: 'view' })).toBe('view');
  });

  it('reads a record at a path and drops its nulls', () => {
    expect(atPath({ data: { a: 1 } }, 'data')).toEqual({ a: 1 });
    expect(atPath({ data: null }, 'data.a')).toBeUndefined();
    expect(withoutNulls({ a: null, b: 0, c: '' })).toEqual({ b: 0, c: '' });
  });
});

describe('entity schemas for rjsf', () => {
  it('move referenced entities under definitions without their $id', () => {
    const entities = new Map<string, Record<string, unknown>>([
      ['a', { $id: 'a', type: 'object', properties: { b: { $ref: 'b' }, list: { items: { $ref: 'b' } } } }],
      ['b', { $id: 'b', $schema: 'x', type: 'object', properties: { c: { $ref: 'c' } } }],
      ['c', { $id: 'c', type: 'string' }],
    ]);
    expect([...referencedIds(entities.get('a'))]).toEqual(['b']);
    expect(bundleEntity('a', entities)).toEqual({
      type: 'object',
      properties: { b: { $ref: '#/definitions/b' }, list: { items: { $ref: '#/definitions/b' } } },
      definitions: {
        b: { type: 'object', properties: { c: { $ref: '#/definitions/c' } } },
        c: { type: 'string' },
      },
    });
  });

  it('loads the employee entity with everything it refers to', async () => {
    const schema = await loadEntitySchema('employee');
    expect(Object.keys(schema.definitions as object).sort()).toEqual(
      ['attr-value', 'organisation', 'position-entry', 'role-entry', 'user-group'].sort(),
    );
    expect(JSON.stringify(schema)).not.toMatch(/"\$ref":"(?!#)/);
  });
});

describe('extended attributes', () => {
  const defs = [
    { id: 'a1', key: 'no', name: '工号', dataType: 'STRING', values: [{ value: 'X1' }] },
    { id: 'a2', key: 'years', name: '工龄', dataType: 'INT', values: [{ value: '6' }] },
    { id: 'a3', key: 'score', name: '分', dataType: 'DOUBLE', values: [] },
    { id: 'a4', key: 'member', name: '党员', dataType: 'BOOLEAN', values: [{ value: 'Y' }] },
    { id: 'a5', key: 'hired', name: '入职', dataType: 'DATE', values: [] },
    {
      id: 'a6',
      key: 'skills',
      name: '领域',
      dataType: 'OPTION',
      isMulti: 'Y',
      options: 'a:甲,b:乙',
      values: [{ value: 'a,b' }],
    },
  ];

  it('parses options in every stored shape', () => {
    expect(parseOptions('["x","y"]')).toEqual([
      { value: 'x', label: 'x' },
      { value: 'y', label: 'y' },
    ]);
    expect(parseOptions('[{"value":"1","label":"一"}]')).toEqual([{ value: '1', label: '一' }]);
    expect(parseOptions('{"m":"男"}')).toEqual([{ value: 'm', label: '男' }]);
    expect(parseOptions('a:甲，b\nc')).toEqual([
      { value: 'a', label: '甲' },
      { value: 'b', label: 'b' },
      { value: 'c', label: 'c' },
    ]);
    expect(parseOptions(null)).toEqual([]);
  });

  it('become typed fields with their values, and go back as [{attrId, value}]', () => {
    const form = attributeForm(defs);
    const props = form.schema.properties as Record<string, Record<string, unknown>>;
    expect(props.years).toEqual({ type: 'integer', int32: true });
    expect(props.score).toEqual({ type: 'number' });
    expect(props.member).toEqual({ type: 'string', enum: ['Y', 'N'] });
    expect(props.hired).toEqual({ type: 'string', format: 'date' });
    expect(props.skills).toEqual({
      type: 'array',
      items: { type: 'string', enum: ['a', 'b'] },
      uniqueItems: true,
    });
    expect(form.fields.find((f) => f.name === 'member')?.widget).toBe('ynSwitch');
    expect(form.fields.find((f) => f.name === 'skills')?.optionTexts).toEqual({ a: '甲', b: '乙' });
    expect(form.data).toEqual({ no: 'X1', years: 6, member: 'Y', skills: ['a', 'b'] });
    expect(attributeValues(defs, { ...form.data, score: 7.5, skills: ['b'] })).toEqual([
      { attrId: 'a1', value: 'X1' },
      { attrId: 'a2', value: '6' },
      { attrId: 'a3', value: '7.5' },
      { attrId: 'a4', value: 'Y' },
      { attrId: 'a5', value: null },
      { attrId: 'a6', value: 'b' },
    ]);
  });
});

describe('the form validator', () => {
  it('applies the project rules with translated messages and per-property overrides', () => {
    const validator = runtimeFormValidator((key, params) => i18n.t(key, params));
    const schema: RJSFSchema = {
      type: 'object',
      required: ['mobile', 'name'],
      errorMessage: { required: { mobile: 'validation.mobileRequired' } },
      properties: { mobile: { type: 'string', format: 'mobile' }, name: { type: 'string', maxLength: 2 } },
    };
    expect(validator.validateFormData({}, schema).errors.map((e) => e.message)).toEqual([
      '请输入手机号码',
      '该项为必填项',
    ]);
    expect(
      validator.validateFormData({ mobile: '123', name: '张三丰' }, schema).errors.map((e) => e.message),
    ).toEqual(['请输入正确的手机号码', '长度不能超过2个字符']);
  });

  it('gives rjsf its quoted property names back after translating', () => {
    const errors = [
      { keyword: 'required', params: { missingProperty: "'a'" }, instancePath: '', schemaPath: '#/required' },
    ];
    rjsfLocalizer((key) => key)(errors as never);
    expect(errors[0].params.missingProperty).toBe("'a'");
    expect(
      fieldErrorsOnly([
        { name: 'if', stack: '' },
        { name: 'required', stack: '' },
      ]),
    ).toEqual([{ name: 'required', stack: '' }]);
  });
});
