// @vitest-environment node
/**
 * applyFormRules, the one function the browser's form and the server both run over a form's values:
 * defaults on create, computed fields in dependency order, visibility, rules and their messages; and
 * checkFormRules, which refuses formulas that do not fit the form before they are saved.
 */
import { describe, expect, it } from 'vitest';
import {
  applyFormRules,
  checkFormRules,
  describeRuleMessage,
  formulaFieldsOf,
  type FormRules,
  type FormulaField,
} from '../../schemas/formulas/index.ts';
import { readLocale } from '../../schemas/locale-files.ts';

const NOW = new Date('2024-05-31T17:00:00Z'); // 2024-06-01 01:00 in Shanghai

const EXPENSE: FormRules = {
  computed: {
    total: 'ROUND(subtotal * (1 + taxRate), 2)',
    subtotal: 'SUM(items.qty * items.price)',
    days: 'DAYS(endDate, startDate) + 1',
  },
  defaults: { startDate: 'TODAY()', taxRate: '0.13', endDate: 'ADDDAYS(startDate, 2)' },
  visible: { reason: 'total > 1000', approver: "kind = 'big'" },
  rules: [
    { field: 'endDate', check: 'endDate >= startDate', message: 'formulaTest.endBeforeStart' },
    {
      field: 'reason',
      check: 'LEN(TRIM(reason)) >= 5',
      message: { 'zh-CN': '请说明理由', 'zh-TW': '請說明理由', en: 'Give a reason' },
    },
    { field: 'approver', check: 'NOT ISBLANK(approver)', message: 'formulaTest.approver' },
  ],
};

const ITEMS = [
  { qty: 2, price: 300.1 },
  { qty: 1, price: 499.9 },
];

describe('applyFormRules', () => {
  it('fills blank fields with their defaults on create, in order, and computes over them', () => {
    const { values, hidden, errors } = applyFormRules(
      EXPENSE,
      { items: ITEMS, reason: '' },
      { now: NOW, mode: 'create' },
    );
    expect(values).toMatchObject({
      startDate: '2024-06-01',
      taxRate: 0.13,
      endDate: '2024-06-03',
      subtotal: 1100.1,
      total: 1243.11,
      days: 3,
    });
    expect(hidden).toEqual(['approver']);
    expect(errors).toEqual({
      reason: [{ text: { 'zh-CN': '请说明理由', 'zh-TW': '請說明理由', en: 'Give a reason' }, params: {} }],
    });
  });

  it('keeps what is filled in, and applies no defaults on edit', () => {
    const given = { startDate: '2024-01-01', endDate: '2024-01-10', taxRate: 0, items: ITEMS };
    expect(applyFormRules(EXPENSE, given, { now: NOW, mode: 'create' }).values).toMatchObject(given);
    const edited = applyFormRules(EXPENSE, { items: [] }, { now: NOW, mode: 'edit' });
    expect(edited.values).toMatchObject({ subtotal: 0, total: 0, days: 1 });
    expect(edited.values).not.toHaveProperty('startDate');
    // A computed field's own value never survives: it is always computed.
    expect(applyFormRules(EXPENSE, { items: [], total: 99 }, { now: NOW, mode: 'edit' }).values.total).toBe(
      0,
    );
  });

  it('reports failed rules on their field, with the key or the texts, and none on hidden fields', () => {
    const { errors, hidden } = applyFormRules(
      EXPENSE,
      { startDate: '2024-06-05', endDate: '2024-06-01', kind: 'big', items: [{ qty: 1, price: 10 }] },
      { now: NOW, mode: 'edit' },
    );
    expect(hidden).toEqual(['reason']);
    expect(errors).toEqual({
      endDate: [{ key: 'formulaTest.endBeforeStart', params: {} }],
      approver: [{ key: 'formulaTest.approver', params: {} }],
    });
  });

  it('leaves a failing computed field blank with its error, and a cycle uncomputed', () => {
    const rules: FormRules = {
      computed: { ratio: 'a / b', x: 'y + 1', y: 'x + 1', z: 'z', ok: 'a * 2' },
    };
    const { values, errors } = applyFormRules(rules, { a: 3, b: 0, ratio: 7 }, { now: NOW, mode: 'edit' });
    expect(values).toMatchObject({ ratio: null, x: null, y: null, z: null, ok: 6 });
    expect(errors.ratio).toEqual([{ key: 'formula.error.divideByZero', params: {} }]);
    expect(errors.x).toEqual([{ key: 'formula.error.cycle', params: { fields: 'x, y, z' } }]);
    expect(Object.keys(errors).sort()).toEqual(['ratio', 'x', 'y', 'z']);
  });

  it('shows a field whose condition fails to compute, keeps a default that fails unset', () => {
    const { values, hidden } = applyFormRules(
      { visible: { note: 'code * 2 > 1' }, defaults: { due: "ADDDAYS('soon', 1)" } },
      { code: 'abc' },
      { now: NOW, mode: 'create' },
    );
    expect(hidden).toEqual([]);
    expect(values).toEqual({ code: 'abc' });
  });

  it('gives the same answer for the same values and clock (what the browser shows is what the server stores)', () => {
    const input = { items: ITEMS, kind: 'big', approver: 'u1', reason: '出差参加会议' };
    const browser = applyFormRules(EXPENSE, input, { now: NOW, mode: 'create' });
    const server = applyFormRules(EXPENSE, JSON.parse(JSON.stringify(input)), {
      now: new Date(NOW),
      mode: 'create',
    });
    expect(server).toEqual(browser);
    expect(browser.errors).toEqual({});
    expect(input).not.toHaveProperty('total'); // the input is not changed
  });

  it('takes broken rules without throwing', () => {
    const broken = {
      computed: { a: '1 +' },
      visible: { b: 42 },
      rules: [null, { field: 'c', check: 'FOO(' }],
    } as unknown as FormRules;
    const result = applyFormRules(broken, null, { now: NOW, mode: 'create' });
    expect(result.values).toEqual({ a: null });
    expect(result.errors.a[0].key).toBe('formula.error.unexpectedEnd');
    expect(result.errors.c).toEqual([{ key: 'formula.error.ruleFailed', params: {} }]);
    expect(applyFormRules(undefined, { x: 1 }, { now: NOW, mode: 'edit' })).toEqual({
      values: { x: 1 },
      hidden: [],
      errors: {},
    });
  });
});

describe('describeRuleMessage', () => {
  const zh = readLocale('zh-CN');
  const t = (key: string, params: Record<string, unknown>) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], zh);
    return String(text ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
  };

  it('picks the rule text of the language (zh-CN otherwise) and translates formula errors with their types', () => {
    const text = { 'zh-CN': '简', 'zh-TW': '繁', en: 'en' };
    expect(describeRuleMessage({ text, params: {} }, 'zh-TW', t)).toBe('繁');
    expect(describeRuleMessage({ text, params: {} }, 'fr', t)).toBe('简');
    expect(describeRuleMessage({ key: 'formula.error.divideByZero', params: {} }, 'zh-CN', t)).toBe(
      '除数为零',
    );
    expect(
      describeRuleMessage(
        { key: 'formula.error.wrongType', params: { expected: 'number', found: 'date' } },
        'zh-CN',
        t,
      ),
    ).toBe('此处应为数值，却是日期');
  });
});

describe('checkFormRules', () => {
  const FIELDS: FormulaField[] = formulaFieldsOf({
    type: 'object',
    properties: {
      startDate: { type: 'string', format: 'date' },
      endDate: { type: ['string', 'null'], format: 'date' },
      taxRate: { type: 'number' },
      subtotal: { type: 'number' },
      total: { type: 'number' },
      days: { type: 'integer' },
      reason: { type: 'string' },
      approver: { anyOf: [{ $ref: '#/definitions/person' }, { type: 'null' }] },
      kind: { type: 'string', enum: ['small', 'big'] },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: { qty: { type: 'integer' }, price: { type: 'string', format: 'float-string' } },
        },
      },
    },
    definitions: { person: { type: 'object', properties: { id: { type: 'string' } } } },
  });

  it('reads the fields from a JSON Schema', () => {
    expect(FIELDS.map((f) => [f.key, f.type])).toEqual([
      ['startDate', 'date'],
      ['endDate', 'date'],
      ['taxRate', 'number'],
      ['subtotal', 'number'],
      ['total', 'number'],
      ['days', 'integer'],
      ['reason', 'string'],
      ['approver', 'option'],
      ['kind', 'option'],
      ['items', 'table'],
    ]);
    expect(FIELDS.at(-1)?.columns).toEqual([
      { key: 'qty', type: 'integer' },
      { key: 'price', type: 'number' },
    ]);
  });

  it('passes rules that fit the form', () => {
    expect(checkFormRules(EXPENSE, FIELDS)).toEqual([]);
  });

  it('names every misfit with where it is', () => {
    const problems = checkFormRules(
      {
        computed: { total: "'much'", nothere: '1', days: 'days + 1' },
        defaults: { startDate: '5' },
        visible: { reason: 'startDate' },
        rules: [{ field: 'ghost', check: 'SUM(items.qty) > taxRatee', message: 'x.y' }],
      },
      FIELDS,
    );
    expect(
      problems.map((p) => [p.path.join('/'), p.error.key.replace('formula.error.', ''), p.error.params]),
    ).toEqual([
      ['computed/total', 'resultType', { expected: 'number', found: 'text' }],
      ['computed/nothere', 'unknownTarget', { name: 'nothere' }],
      ['defaults/startDate', 'resultType', { expected: 'date', found: 'number' }],
      ['visible/reason', 'resultType', { expected: 'boolean', found: 'date' }],
      ['rules/0/field', 'unknownTarget', { name: 'ghost' }],
      ['rules/0/check', 'unknownField', { name: 'taxRatee' }],
      ['computed/days', 'cycle', { fields: 'days' }],
    ]);
  });
});
