/**
 * The schema editor's problems and where they are (src/pages/screen-config): JSON pointers located in
 * YAML and JSON texts, syntax errors with their lines, and the meta-schema lint (the validators compiled
 * at build time from schemas/meta) and screenConfig.check's problems placed on the lines they are about.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { locatePointer, pointerSegments } from '../../src/pages/screen-config/error-positions.ts';
import { readSchemaText } from '../../src/pages/screen-config/editor-problems.ts';
import { metaSchemaProblems } from '../../src/pages/screen-config/meta-lint.ts';
import { formatSchemaText, parseSchemaText } from '../../src/pages/screen-config/schema-text.ts';
import { setupTestI18n } from './support/i18n.ts';

const YAML = `kind: list
title: employee.list.title
operation: employee.query
columns:
  - field: name
    title: employee.field.name
  - field: mobile
    title: employee.field.mobile
    width: 120
`;

const lineOf = (text: string, path: string, atKey = false) => locatePointer(text, path, atKey).line;
const slice = (text: string, path: string, atKey = false) => {
  const { from, to } = locatePointer(text, path, atKey);
  return text.slice(from, to);
};

let t: TFunction;
beforeAll(async () => {
  t = (await setupTestI18n('zh-CN')).t;
});

describe('pointerSegments', () => {
  it('reads JSON pointers, dotted paths and indexes in brackets alike', () => {
    expect(pointerSegments('/columns/1/title')).toEqual(['columns', '1', 'title']);
    expect(pointerSegments('columns.1.title')).toEqual(['columns', '1', 'title']);
    expect(pointerSegments('columns[1].title')).toEqual(['columns', '1', 'title']);
    expect(pointerSegments('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments('/')).toEqual([]);
  });
});

describe('locatePointer in YAML', () => {
  it('finds a field value inside a list item', () => {
    expect(lineOf(YAML, '/columns/1/title')).toBe(8);
    expect(slice(YAML, '/columns/1/title')).toBe('employee.field.mobile');
    expect(lineOf(YAML, '/columns/1/width')).toBe(9);
  });

  it('marks the field name when the name is at fault', () => {
    expect(slice(YAML, '/columns/1/width', true)).toBe('width');
  });

  it('marks the first line of a list item or a collection', () => {
    expect(lineOf(YAML, '/columns/1')).toBe(7);
    expect(slice(YAML, '/columns/1')).toBe('field: mobile');
    expect(lineOf(YAML, '/columns')).toBe(5);
  });

  it('falls back to the deepest part that exists for a missing field or item', () => {
    expect(lineOf(YAML, '/columns/1/formatter')).toBe(7);
    expect(lineOf(YAML, '/columns/7/title')).toBe(5);
    expect(lineOf(YAML, '/search')).toBe(1);
    expect(lineOf(YAML, '')).toBe(1);
  });

  it('points at the first line when the text holds no such structure', () => {
    expect(locatePointer('just words\nand more', '/kind/0')).toEqual({ from: 0, to: 10, line: 1 });
    expect(locatePointer('', '/kind')).toEqual({ from: 0, to: 0, line: 1 });
  });
});

describe('locatePointer in JSON', () => {
  const JSON_TEXT = formatSchemaText((parseSchemaText(YAML, 'yaml') as { value: unknown }).value, 'json');

  it('finds the same places in the JSON form of the same definition', () => {
    const line = JSON_TEXT.split('\n').findIndex((l) => l.includes('"employee.field.mobile"')) + 1;
    expect(lineOf(JSON_TEXT, '/columns/1/title')).toBe(line);
    expect(slice(JSON_TEXT, '/columns/1/title')).toBe('"employee.field.mobile"');
    expect(slice(JSON_TEXT, '/columns/1/width', true)).toBe('"width"');
  });
});

describe('parseSchemaText', () => {
  it('gives the value of YAML and JSON texts and writes it back', () => {
    const yaml = parseSchemaText(YAML, 'yaml');
    expect(yaml).toMatchObject({
      ok: true,
      value: { kind: 'list', columns: [{ field: 'name' }, { width: 120 }] },
    });
    const value = (yaml as { value: unknown }).value;
    expect(parseSchemaText(formatSchemaText(value, 'json'), 'json')).toEqual({ ok: true, value });
    expect(formatSchemaText(value, 'yaml')).toBe(YAML);
  });

  it('reports a key written twice on its line', () => {
    const parsed = parseSchemaText('kind: list\ntitle: a.b\nkind: form\n', 'yaml');
    expect(parsed).toMatchObject({ ok: false, problems: [{ code: 'DUPLICATE_KEY', line: 3 }] });
  });

  it('reports bad indentation where it is', () => {
    const parsed = parseSchemaText('kind: list\ncolumns:\n  - field: a\n   title: x\n', 'yaml');
    expect(parsed.ok).toBe(false);
    expect((parsed as { problems: { line: number }[] }).problems[0].line).toBe(4);
  });

  it('reports where JSON stops making sense', () => {
    const parsed = parseSchemaText('{\n  "kind": "list",\n  "title" "x"\n}', 'json');
    expect(parsed).toMatchObject({ ok: false, problems: [{ code: 'JSON', line: 3 }] });
  });
});

describe('metaSchemaProblems', () => {
  it('passes a screen file of the repository', () => {
    const file = parseSchemaText(YAML, 'yaml') as { value: unknown };
    expect(metaSchemaProblems(file.value)).toEqual([]);
  });

  it('names an unknown field, a missing one, a wrong type and a limit by their rule', () => {
    const problems = metaSchemaProblems({
      kind: 'list',
      operation: 'employee.query',
      columns: [{ field: 'name', colour: 'red' }],
      defaultPageSize: 'many',
      rowActionsWidth: 10,
      pageSizes: [10, 10],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/columns/0/colour', keyword: 'additionalProperties', atKey: true }),
        expect.objectContaining({ path: '/defaultPageSize', keyword: 'type', params: { type: 'integer' } }),
        expect.objectContaining({ path: '/rowActionsWidth', keyword: 'minimum' }),
        expect.objectContaining({ path: '/pageSizes', keyword: 'uniqueItems' }),
      ]),
    );
    expect(metaSchemaProblems({ kind: 'list', columns: [] })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '', keyword: 'required', params: { missingProperty: 'operation' } }),
      ]),
    );
  });

  it('says a kind is unknown once, with the kinds there are', () => {
    const problems = metaSchemaProblems({ kind: 'gallery' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: '/kind', keyword: 'unknownKind' });
    expect(problems[0].params.kinds).toEqual(expect.arrayContaining(['list', 'form', 'detail']));
  });
});

describe('schema problems in words', () => {
  it('says what each rule wants, with its values', () => {
    const messages = readSchemaText(
      t,
      'kind: list\noperation: employee.query\ncolumns: []\ndefaultPageSize: many\nrowActionsWidth: 10\npageSizes: [10, 10]\n',
      'yaml',
    ).problems.map((p) => [p.line, p.message]);
    expect(messages).toEqual([
      [3, '至少需要 1 项'],
      [4, '类型应为整数'],
      [5, '不能小于 40'],
      [6, '第 1 项与第 2 项重复'],
    ]);
  });
});

describe('readSchemaText', () => {
  it('puts the lint problems on their lines, in the user language', () => {
    const text = YAML.replace('    width: 120', '    widht: 120');
    const { value, problems } = readSchemaText(t, text, 'yaml');
    expect(value).toBeDefined();
    expect(problems).toEqual([
      expect.objectContaining({
        line: 9,
        source: 'schema',
        message: '不支持的字段“widht”',
        path: '/columns/1/widht',
      }),
    ]);
    expect(text.slice(problems[0].from, problems[0].to)).toBe('widht');
  });

  it('places screenConfig.check problems by their pointers, sorted with the rest', () => {
    const { problems } = readSchemaText(t, YAML, 'yaml', [
      { path: '/columns/1/title', message: '缺少繁体中文译文' },
      { path: '/operation', message: '未知的操作' },
    ]);
    expect(problems.map((p) => [p.line, p.source, p.message])).toEqual([
      [3, 'check', '未知的操作'],
      [8, 'check', '缺少繁体中文译文'],
    ]);
  });

  it('gives only the syntax problems of a text that does not parse, translated', () => {
    const { value, problems } = readSchemaText(t, 'kind: list\nkind: form\n', 'yaml', [
      { path: '/kind', message: 'x' },
    ]);
    expect(value).toBeUndefined();
    expect(problems).toEqual([expect.objectContaining({ line: 2, source: 'syntax', message: '字段重复' })]);
  });
});
