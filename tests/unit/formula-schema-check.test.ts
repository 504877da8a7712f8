// @vitest-environment node
/**
 * The schema check of a form screen's `formulas:` (tools/schema-check/form-formulas.ts and the form
 * meta-schema): every formula parses and names only the form's fields, typed by the entity and the
 * inline schema; the shape of `formulas` is the meta-schema's; and the whole-tree check runs it on
 * each screen file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkTree } from '../../tools/schema-check/check-tree.ts';
import { newFormFormulaCheck } from '../../tools/schema-check/form-formulas.ts';
import { formatError, type SchemaError } from '../../tools/schema-check/report.ts';
import { loadScreenLookups } from '../../tools/schema-check/screen-lookups.ts';
import { loadScreenCheck } from '../../tools/schema-check/screens.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const ENTITIES = [
  {
    $id: 'expense',
    type: 'object',
    properties: {
      startDate: { type: 'string', format: 'date' },
      endDate: { type: 'string', format: 'date' },
      rate: { type: 'number' },
      total: { type: 'number' },
      note: { type: 'string' },
      owner: { $ref: 'person' },
      items: {
        type: 'array',
        items: { type: 'object', properties: { amount: { type: 'number' }, memo: { type: 'string' } } },
      },
    },
  },
  { $id: 'person', type: 'object', properties: { name: { type: 'string' } } },
];

const screen = (formulas: unknown, extra: Record<string, unknown> = {}) => ({
  kind: 'form',
  title: 'employeeForm.title',
  entity: 'expense',
  fields: [
    { name: 'startDate' },
    { name: 'endDate' },
    { name: 'rate' },
    { name: 'total' },
    { name: 'items' },
    { name: 'owner' },
    { name: 'days', schema: { type: 'integer' } },
  ],
  formulas,
  ...extra,
});

const check = newFormFormulaCheck(ENTITIES);
const run = (data: unknown) =>
  check({ absolute: '/x/s.yaml', file: 'schemas/screens/s.yaml', name: 's', data }).map((e) =>
    formatError(e).replace('schemas/screens/s.yaml: ', ''),
  );

describe('form formulas in the schema check', () => {
  it('passes formulas over the form fields, columns of sub-tables, and fields given their own schema', () => {
    expect(
      run(
        screen({
          computed: { total: 'ROUND(SUM(items.amount) * (1 + rate), 2)', days: 'DAYS(endDate, startDate)' },
          defaults: { startDate: 'TODAY()' },
          visible: { owner: 'total > 100' },
          rules: [{ field: 'endDate', check: 'endDate >= startDate', message: 'x.y' }],
        }),
      ),
    ).toEqual([]);
  });

  it('reports each formula problem at its place, in English, with the characters', () => {
    expect(
      run(
        screen({
          computed: { total: 'SUM(items.amount) * rat', note: "'x'", days: 'days + 1' },
          visible: { owner: 'IF(' },
          rules: [{ field: 'ghost', check: "ADDDAYS(startDate, 'two') > endDate", message: 'x.y' }],
        }),
      ),
    ).toEqual([
      '/formulas/computed/total: formula "SUM(items.amount) * rat" (characters 21–23): The form has no field "rat"',
      // note is in the entity but not among the form's fields.
      '/formulas/computed/note: The form has no field "note"',
      '/formulas/visible/owner: formula "IF(" (characters 4–4): The formula is incomplete',
      '/formulas/rules/0/field: The form has no field "ghost"',
      `/formulas/rules/0/check: formula "ADDDAYS(startDate, 'two') > endDate" (characters 20–24): Expected a number here, found a text`,
      '/formulas/computed/days: Computed fields refer to each other: days',
    ]);
  });

  it('leaves screens without formulas, other kinds and unknown entities alone', () => {
    expect(run(screen(undefined))).toEqual([]);
    expect(run({ kind: 'list', formulas: { computed: { a: 'b' } } })).toEqual([]);
    expect(run(screen({ computed: { total: 'nothing' } }, { entity: 'nope' }))).toEqual([]);
  });
});

describe('the formulas vocabulary of the form meta-schema', () => {
  const errors: SchemaError[] = [];
  const lookups = loadScreenLookups({ root: ROOT, catalogues: [], screenNames: [] });
  const metaCheck = loadScreenCheck(join(ROOT, 'schemas', 'meta'), ROOT, lookups, errors)!;
  const meta = (data: unknown) =>
    metaCheck({ absolute: '/x/s.yaml', file: 's.yaml', name: 's', data }).map(
      (e) => `${e.path}: ${e.message}`,
    );

  it('takes computed, defaults, visible and rules with a key or texts in all three languages', () => {
    expect(errors).toEqual([]);
    expect(
      meta(
        screen({
          computed: { total: '1' },
          defaults: { rate: '0.13' },
          visible: { owner: 'TRUE' },
          rules: [
            { field: 'rate', check: 'rate < 1', message: 'employeeForm.title' },
            { field: 'rate', check: 'rate > 0', message: { 'zh-CN': '简', 'zh-TW': '繁', en: 'en' } },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('refuses another shape', () => {
    const problems = meta(
      screen({
        computd: {},
        computed: { 'bad-name': 'x', total: '' },
        rules: [
          { field: 'rate', check: 'rate < 1' },
          { field: 'rate', check: 'x', message: { 'zh-CN': '简' } },
        ],
      }),
    );
    expect(problems).toEqual([
      '/formulas/computd: unknown field "computd"',
      '/formulas/computed/bad-name: invalid name "bad-name"',
      '/formulas/computed/total: must NOT have fewer than 1 characters',
      '/formulas/rules/0: missing required field "message"',
      // The if/then of translationKey: an object is taken for texts, and says which language is missing.
      '/formulas/rules/1/message: missing required field "zh-TW"',
      '/formulas/rules/1/message: missing required field "en"',
    ]);
  });
});

describe('the whole-tree check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'formula-screens-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('checks the formulas of each form screen file', () => {
    writeFileSync(
      join(dir, 'formula-form.yaml'),
      stringify({
        kind: 'form',
        title: 'employeeForm.title',
        entity: 'employee',
        fields: [{ name: 'name' }, { name: 'isMainOrg' }, { name: 'createTime' }],
        formulas: {
          computed: { name: "UPPER(nmae) & TEXT(createTime, 'YYYY')" },
          visible: { isMainOrg: 'name' },
        },
      }),
    );
    const { errors } = checkTree({ root: ROOT, screensDir: dir });
    expect(
      errors.filter((e) => e.file.endsWith('formula-form.yaml')).map((e) => `${e.path}: ${e.message}`),
    ).toEqual([
      '/formulas/computed/name: formula "UPPER(nmae) & TEXT(createTime, \'YYYY\')" (characters 7–10): The form has no field "nmae"',
      '/formulas/visible/isMainOrg: formula "name" (characters 1–4): The formula should give a condition (TRUE/FALSE), but gives a text',
    ]);
  });
});
