// @vitest-environment node
/**
 * The form formula language (schemas/formulas): operators and precedence, every function, blanks,
 * dates and the clock, decimal tidying, errors with their positions, the check against a form's
 * fields, and that no input throws or reaches anything but the values it is given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkFormula,
  evaluateFormula,
  FUNCTION_LIST,
  isFormulaError,
  parseFormula,
  type FormulaField,
} from '../../schemas/formulas/index.ts';
import { readLocale } from '../../schemas/locale-files.ts';

const NOW = new Date('2024-03-01T20:30:05Z'); // 2024-03-02 04:30:05 in Shanghai
const VALUES = {
  a: 0.1,
  b: 0.2,
  qty: 3,
  price: '2.5',
  name: '  Hello   World ',
  code: 'AB-123',
  start: '2024-01-31',
  end: '2024-03-01',
  flag: 'Y',
  tags: ['red', 'Blue'],
  items: [{ amount: 10, qty: 2, label: 'x' }, { amount: 5.5, qty: null, label: 'y' }, {}],
  empty: '',
};

const value = (source: string, values: Record<string, unknown> = VALUES) => {
  const result = evaluateFormula(source, values, { now: NOW });
  if ('error' in result) throw new Error(`${source}: ${result.error.key}`);
  return result.value;
};
const error = (source: string, values: Record<string, unknown> = VALUES) => {
  const result = evaluateFormula(source, values, { now: NOW });
  if (!('error' in result)) throw new Error(`${source} gave ${JSON.stringify(result.value)}`);
  return result.error;
};

describe('operators and precedence', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['12 / 4 / 3', 1],
    ['7 % 3', 1],
    ['-7 % 3', 2],
    ['2 ^ 10', 1024],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['2 ^ -1', 0.5],
    ['--3', 3],
    ['+3', 3],
    ['1 + 2 & 3', '33'],
    ["'a' & 'b' & 1.5", 'ab1.5'],
    ['1 + 1 = 2', true],
    ["'x' & 1 = 'x1'", true],
  ])('%s', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('compares with every operator, == and != included', () => {
    expect([value('3 = 3'), value('3 == 3'), value('3 <> 4'), value('3 != 3')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([value('2 < 3'), value('3 <= 3'), value('4 > 3'), value('3 >= 4')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(value("'abc' = 'ABC'")).toBe(true);
    expect(value("'b' > 'a'")).toBe(true);
    expect(value("12 = '12'")).toBe(true);
    expect(value('start < end')).toBe(true);
  });

  it('has AND, OR and NOT as operators and as functions, looser than comparisons', () => {
    expect(value('qty > 2 AND qty < 5')).toBe(true);
    expect(value('qty > 5 OR qty = 3')).toBe(true);
    expect(value('NOT qty = 3')).toBe(false);
    expect(value('not qty = 4 and true')).toBe(true);
    expect(value('a OR (b > 1)')).toBe(true);
    expect(value('TRUE OR FALSE AND FALSE')).toBe(true);
    expect(value('NOT(FALSE) = TRUE')).toBe(true);
    expect(value('AND(TRUE, 1, flag)')).toBe(true);
    expect(value('OR(FALSE, 0)')).toBe(false);
  });

  it('tidies decimals: no binary artefacts in results', () => {
    expect(value('a + b')).toBe(0.3);
    expect(value('1.1 * 3')).toBe(3.3);
    expect(value('0.1 * 3 - 0.3')).toBe(0);
    expect(value('1 / 3')).toBe(0.3333333333);
    expect(value('SUM(0.1, 0.2, 0.3)')).toBe(0.6);
  });

  it('reads literals: numbers, both quotes with doubled quotes inside, TRUE/FALSE/NULL in any case', () => {
    expect(value('1.5e2')).toBe(150);
    expect(value(`'it''s' & "say ""hi"""`)).toBe(`it'ssay "hi"`);
    expect([value('true'), value('False'), value('null')]).toEqual([true, false, null]);
    expect(value('SUM（1，2）')).toBe(3);
  });
});

describe('blanks, as spreadsheets treat them', () => {
  it('are 0 in arithmetic and empty in text', () => {
    expect(value('missing + 1')).toBe(1);
    expect(value('empty * 5')).toBe(0);
    expect(value("missing & 'x'")).toBe('x');
    expect(value('ISBLANK(missing)')).toBe(true);
    expect(value('ISBLANK(empty)')).toBe(true);
    expect(value('ISBLANK(0)')).toBe(false);
    expect(value('missing = 0')).toBe(true);
    expect(value("missing = ''")).toBe(true);
    expect(value('missing = NULL')).toBe(true);
    expect(value('IF(missing, 1, 2)')).toBe(2);
  });

  it('leave aggregates and give a blank date result', () => {
    expect(value('AVG(items.amount)')).toBe(7.75);
    expect(value('COUNT(items.qty)')).toBe(1);
    expect(value('AVG(missing)')).toBeNull();
    expect(value('MAX(missing)')).toBe(0);
    expect(value('DAYS(end, missing)')).toBeNull();
    expect(value('YEAR(missing)')).toBeNull();
    expect(value('ADDDAYS(missing, 3)')).toBeNull();
  });
});

describe('functions', () => {
  it('covers every function of the list, with a signature and description in each language', () => {
    const names = FUNCTION_LIST.map((f) => f.name);
    expect(names.sort()).toEqual(
      [
        'IF',
        'IFS',
        'AND',
        'OR',
        'NOT',
        'ISBLANK',
        'SUM',
        'AVG',
        'MIN',
        'MAX',
        'COUNT',
        'ROUND',
        'ROUNDUP',
        'ROUNDDOWN',
        'ABS',
        'INT',
        'MOD',
        'CONCAT',
        'LEN',
        'LEFT',
        'RIGHT',
        'MID',
        'UPPER',
        'LOWER',
        'TRIM',
        'CONTAINS',
        'TEXT',
        'VALUE',
        'TODAY',
        'NOW',
        'DATE',
        'YEAR',
        'MONTH',
        'DAY',
        'DAYS',
        'DATEDIF',
        'ADDDAYS',
        'ADDMONTHS',
      ].sort(),
    );
    for (const language of ['zh-CN', 'zh-TW', 'en']) {
      const texts = (readLocale(language).formula as { function: Record<string, Record<string, string>> })
        .function;
      for (const name of names) {
        expect(texts[name]?.signature, `${language} ${name}`).toMatch(new RegExp(`^${name}\\(`));
        expect(texts[name]?.description, `${language} ${name}`).toBeTruthy();
      }
    }
  });

  it('logic: IF, IFS, AND, OR, NOT, ISBLANK, case-insensitive names, lazy branches', () => {
    expect(value("IF(qty > 2, 'big', 'small')")).toBe('big');
    expect(value("if(qty > 5, 'big')")).toBeNull();
    expect(value('IF(qty = 0, 0, 10 / qty)')).toBe(3.3333333333);
    expect(value('IF(TRUE, 1, 1 / 0)')).toBe(1);
    expect(value("IFS(qty > 5, 'a', qty > 2, 'b', TRUE, 'c')")).toBe('b');
    expect(value("IFS(qty > 5, 'a')")).toBeNull();
    expect(value('AND(TRUE, FALSE)')).toBe(false);
    expect(value('OR(FALSE, 1 / 1 = 1)')).toBe(true);
    expect(value('OR(TRUE, 1 / 0)')).toBe(true);
    expect(value('NOT(flag)')).toBe(false);
    expect(value('ISBLANK(tags)')).toBe(false);
  });

  it('math: aggregates over values and sub-table columns, rounding, ABS, INT, MOD', () => {
    expect(value('SUM(1, 2, qty)')).toBe(6);
    expect(value('SUM(items.amount)')).toBe(15.5);
    expect(value('SUM(items.amount * items.qty)')).toBe(20);
    expect(value('SUM(items.amount, 100)')).toBe(115.5);
    expect(value('SUM(IF(items.amount > 6, items.amount, 0))')).toBe(10);
    expect(value('SUM(items.amount / SUM(items.amount))')).toBe(1);
    expect(value('AVG(2, 4, missing)')).toBe(3);
    expect(value('MIN(items.amount)')).toBe(5.5);
    expect(value('MAX(items.amount, 20)')).toBe(20);
    expect(value('COUNT(items)')).toBe(3);
    expect(value('COUNT(items.label, missing, 1)')).toBe(3);
    expect(value('COUNT(tags)')).toBe(2);
    expect(value('SUM(missingTable.amount)')).toBe(0);
    expect([value('ROUND(2.675, 2)'), value('ROUND(-2.5)'), value('ROUND(1234.5, -2)')]).toEqual([
      2.68, -3, 1200,
    ]);
    expect([value('ROUNDUP(2.01, 1)'), value('ROUNDUP(-2.01, 1)'), value('ROUNDUP(2.3 * 10)')]).toEqual([
      2.1, -2.1, 23,
    ]);
    expect([value('ROUNDDOWN(2.09, 1)'), value('ROUNDDOWN(-2.09, 1)')]).toEqual([2, -2]);
    expect([value('ABS(-3.5)'), value('INT(2.7)'), value('INT(-2.5)')]).toEqual([3.5, 2, -3]);
    expect([value('MOD(7, 3)'), value('MOD(-3, 2)'), value('MOD(3, -2)'), value('MOD(5.5, 2)')]).toEqual([
      1, 1, -1, 1.5,
    ]);
  });

  it('text: CONCAT, LEN, LEFT, RIGHT, MID, UPPER, LOWER, TRIM, CONTAINS, TEXT, VALUE', () => {
    expect(value("CONCAT('a', 1, TRUE, missing)")).toBe('a1TRUE');
    expect(value('CONCAT(items.label)')).toBe('xy');
    expect(value("LEN('汉字😀')")).toBe(3);
    expect(value('LEN(missing)')).toBe(0);
    expect([
      value('LEFT(code, 2)'),
      value('LEFT(code)'),
      value('RIGHT(code, 3)'),
      value("RIGHT('汉字😀', 1)"),
    ]).toEqual(['AB', 'A', '123', '😀']);
    expect([value('MID(code, 4, 3)'), value('MID(code, 10, 2)')]).toEqual(['123', '']);
    expect([value('UPPER(code & "x")'), value("LOWER('ÄB')"), value('TRIM(name)')]).toEqual([
      'AB-123X',
      'äb',
      'Hello World',
    ]);
    expect([
      value("CONTAINS(code, 'b-1')"),
      value("CONTAINS(tags, 'blue')"),
      value("CONTAINS(tags, 'lu')"),
    ]).toEqual([true, true, false]);
    expect(value("TEXT(1234.5, '#,##0.00')")).toBe('1,234.50');
    expect(value("TEXT(-1234.567, '¥#,##0.0')")).toBe('¥-1,234.6');
    expect(value("TEXT(0.256, '0.0%')")).toBe('25.6%');
    expect(value("TEXT(3, '000')")).toBe('003');
    expect(value("TEXT(2.5, '0')")).toBe('3');
    expect(value("TEXT(start, 'YYYY年M月D日')")).toBe('2024年1月31日');
    expect(value("TEXT('2024-03-02 04:05:06', 'YY/MM/DD HH:mm:ss [at] H')")).toBe('24/03/02 04:05:06 at 4');
    expect(value("TEXT(missing, '0.00')")).toBe('');
    expect([
      value("VALUE('1,234.5')"),
      value("VALUE(' 12% ')"),
      value('VALUE(price) * 2'),
      value('VALUE(missing)'),
    ]).toEqual([1234.5, 0.12, 5, 0]);
  });

  it('dates: the clock of the caller in Shanghai time, calendar arithmetic in whole days', () => {
    expect(value('TODAY()')).toBe('2024-03-02');
    expect(value('NOW()')).toBe('2024-03-02 04:30:05');
    expect(evaluateFormula('TODAY()', {}, { now: NOW, timeZone: 'UTC' })).toEqual({ value: '2024-03-01' });
    expect(value('DATE(2024, 2, 29)')).toBe('2024-02-29');
    expect(value('DATE(2024, 13, 1)')).toBe('2025-01-01');
    expect(value('DATE(2024, 3, 0)')).toBe('2024-02-29');
    expect([value('YEAR(start)'), value('MONTH(start)'), value('DAY(start)')]).toEqual([2024, 1, 31]);
    expect(value('DAYS(end, start)')).toBe(30);
    expect(value('DAYS(start, end)')).toBe(-30);
    expect(value("DATEDIF(start, end, 'D')")).toBe(30);
    expect(value("DATEDIF(start, end, 'm')")).toBe(1);
    expect(value("DATEDIF('2020-02-29', '2024-02-28', 'Y')")).toBe(3);
    expect(value("DATEDIF('2020-02-29', '2024-02-29', 'Y')")).toBe(4);
    expect(value('ADDDAYS(start, 30)')).toBe('2024-03-01');
    expect(value('ADDDAYS(start, -31)')).toBe('2023-12-31');
    expect(value('ADDMONTHS(start, 1)')).toBe('2024-02-29');
    expect(value('ADDMONTHS(start, -2)')).toBe('2023-11-30');
    expect(value('ADDMONTHS(start, 13)')).toBe('2025-02-28');
    expect(value("YEAR('0050-06-01')")).toBe(50);
    expect(value("ADDDAYS('2024-03-02T10:00:00Z', 1)")).toBe('2024-03-03');
    expect(value('TODAY() > start')).toBe(true);
  });
});

describe('errors are values with their position, never exceptions', () => {
  const at = (source: string) => {
    const e = error(source);
    return { key: e.key.replace('formula.error.', ''), params: e.params, text: source.slice(e.start, e.end) };
  };

  it('for syntax', () => {
    expect(at('')).toMatchObject({ key: 'empty' });
    expect(at('1 +')).toMatchObject({ key: 'unexpectedEnd' });
    expect(at('SUM(1, 2')).toMatchObject({ key: 'expected', params: { token: ')' } });
    expect(at("'abc")).toMatchObject({ key: 'unterminatedText', text: "'abc" });
    expect(at('qty ~ 2')).toMatchObject({ key: 'unexpectedChar', params: { char: '~' }, text: '~' });
    expect(at('qty 2')).toMatchObject({ key: 'unexpectedToken', params: { token: '2' }, text: '2' });
    expect(at('1 < 2 < 3')).toMatchObject({ key: 'chainedComparison', text: '<' });
    expect(at('items.')).toMatchObject({ key: 'expectedColumn' });
    expect(at('AND')).toMatchObject({ key: 'unexpectedToken', text: 'AND' });
    expect(at('('.repeat(150) + '1' + ')'.repeat(150))).toMatchObject({ key: 'tooDeep' });
    expect(at('1+'.repeat(2500) + '1')).toMatchObject({ key: 'tooLong' });
  });

  it('for evaluation, at the part at fault', () => {
    expect(at('qty / (qty - 3)')).toMatchObject({ key: 'divideByZero', text: 'qty / (qty - 3)' });
    expect(at('MOD(1, 0)')).toMatchObject({ key: 'divideByZero' });
    expect(at('1 + code * 2')).toMatchObject({ key: 'notNumber', params: { value: 'AB-123' }, text: 'code' });
    expect(at('IF(code, 1, 2)')).toMatchObject({ key: 'notBoolean', text: 'code' });
    expect(at('YEAR(code)')).toMatchObject({ key: 'notDate', text: 'code' });
    expect(at("DAYS('2024-02-30', start)")).toMatchObject({ key: 'notDate', text: "'2024-02-30'" });
    expect(at("DATEDIF(end, start, 'D')")).toMatchObject({ key: 'startAfterEnd' });
    expect(at("DATEDIF(start, end, 'W')")).toMatchObject({ key: 'badUnit', text: "'W'" });
    expect(at('LEFT(code, -1)')).toMatchObject({ key: 'badCount', text: '-1' });
    expect(at('FOO(1)')).toMatchObject({ key: 'unknownFunction', params: { name: 'FOO' } });
    expect(at('ROUND()')).toMatchObject({
      key: 'argCountBetween',
      params: { name: 'ROUND', min: 1, max: 2 },
    });
    expect(at('TODAY(1)')).toMatchObject({ key: 'argCountExact', params: { expected: 0 } });
    expect(at('IFS(TRUE, 1, FALSE)')).toMatchObject({ key: 'argCountPairs' });
    expect(at('SUM(items)')).toMatchObject({ key: 'tableNeedsColumn', text: 'items' });
    expect(at('items.amount + 1')).toMatchObject({ key: 'notScalar' });
    expect(at('qty.amount')).toMatchObject({ key: 'notATable' });
    expect(at('10 ^ 400')).toMatchObject({ key: 'badNumber' });
    expect(at('DATE(99999, 1, 1)')).toMatchObject({ key: 'dateOutOfRange' });
    expect(evaluateFormula('TODAY()', {})).toMatchObject({ error: { key: 'formula.error.noClock' } });
  });

  it('never throws and never reaches beyond the values (generated input)', () => {
    const alphabet = fc.constantFrom(
      ...'0123456789.+-*/%^&=<>!(),\'" abcxyzSUMIFANDORNOTTRUEitems.amount_ \n（），'.split(''),
      'constructor',
      '__proto__',
      'prototype',
      'SUM(',
      'IF(',
      'items.',
      'TODAY()',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((parts) => parts.join('')),
        (source) => {
          const parsed = parseFormula(source);
          const result = evaluateFormula(source, VALUES, { now: NOW });
          const check = checkFormula(source, []);
          expect('value' in result || 'error' in result).toBe(true);
          if ('error' in result) {
            expect(result.error.key).toMatch(/^formula\.error\.[a-zA-Z]+$/);
            expect(result.error.start).toBeGreaterThanOrEqual(0);
            expect(result.error.end).toBeLessThanOrEqual(source.length);
          } else {
            expect(['number', 'string', 'boolean', 'object']).toContain(typeof result.value);
            if (typeof result.value === 'object') expect(result.value).toBeNull();
          }
          // The check agrees with the parser: a syntax error is its only problem, and it has no type.
          if (isFormulaError(parsed)) expect(check).toEqual({ errors: [parsed], type: null });
          else expect(typeof check.type).toBe('string');
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('reads only own properties of the values', () => {
    expect(value('constructor')).toBeNull();
    expect(value('__proto__')).toBeNull();
    expect(value('SUM(items.constructor)')).toBe(0);
    expect(value('toString & valueOf')).toBe('');
    expect(error('CONSTRUCTOR(1)').key).toBe('formula.error.unknownFunction');
  });
});

describe('checkFormula against the form fields', () => {
  const FIELDS: FormulaField[] = [
    { key: 'qty', type: 'integer' },
    { key: 'price', type: 'number' },
    { key: 'name', type: 'string' },
    { key: 'start', type: 'date' },
    { key: 'done', type: 'boolean' },
    { key: 'kind', type: 'option' },
    {
      key: 'items',
      type: 'table',
      columns: [
        { key: 'amount', type: 'number' },
        { key: 'when', type: 'date' },
      ],
    },
    { key: 'lines', type: 'table', columns: [{ key: 'amount', type: 'number' }] },
  ];
  const problems = (source: string) =>
    checkFormula(source, FIELDS).errors.map((e) => [
      e.key.replace('formula.error.', ''),
      source.slice(e.start, e.end),
    ]);

  it('passes good formulas and infers their type', () => {
    expect(checkFormula('ROUND(qty * price, 2)', FIELDS)).toEqual({ errors: [], type: 'number' });
    expect(checkFormula("IF(done, 'yes', 'no')", FIELDS)).toEqual({ errors: [], type: 'text' });
    expect(checkFormula('ADDDAYS(start, qty)', FIELDS)).toEqual({ errors: [], type: 'date' });
    expect(checkFormula('SUM(items.amount) > 10 AND COUNT(lines) < 5', FIELDS)).toEqual({
      errors: [],
      type: 'boolean',
    });
    expect(checkFormula('IF(kind = 1, qty, NULL)', FIELDS)).toEqual({ errors: [], type: 'number' });
    expect(checkFormula("DAYS(MAX(items.when), '2024-01-01')", FIELDS).errors).toEqual([
      expect.objectContaining({ key: 'formula.error.wrongType' }),
    ]);
  });

  it('reports every unknown name, bad count, misplaced column and obvious mismatch', () => {
    expect(problems('qtty + FOO(1) + ROUND()')).toEqual([
      ['unknownField', 'qtty'],
      ['unknownFunction', 'FOO(1)'],
      ['argCountBetween', 'ROUND()'],
    ]);
    expect(problems('items.amount + items.nope + qty.x')).toEqual([
      ['columnOutsideAggregate', 'items.amount'],
      ['unknownColumn', 'items.nope'],
      ['notATable', 'qty.x'],
    ]);
    expect(problems('SUM(items) + SUM(items.amount * lines.amount) + items')).toEqual([
      ['tableNeedsColumn', 'items'],
      ['mixedTables', 'items.amount * lines.amount'],
      ['tableNeedsColumn', 'items'],
    ]);
    expect(problems("name * 2 + start + 'abc' + '12'")).toEqual([
      ['wrongType', 'name'],
      ['wrongType', 'start'],
      ['wrongType', "'abc'"],
    ]);
    expect(problems("YEAR(qty) + DAYS('2024-13-01', start)")).toEqual([
      ['wrongType', 'qty'],
      ['notDate', "'2024-13-01'"],
    ]);
    expect(problems("IF(name, 1, 2) + IF('Y', 1, 2)")).toEqual([['wrongType', 'name']]);
    expect(problems('start > 5')).toEqual([['wrongType', '5']]);
    expect(checkFormula('SUM(', FIELDS)).toEqual({
      errors: [expect.objectContaining({ key: 'formula.error.unexpectedEnd' })],
      type: null,
    });
  });
});
