/** The screen expression language: parsing, evaluation, its safety, and the check's messages. */
import { describe, expect, it } from 'vitest';
import {
  compileExpression,
  evaluateCondition,
  evaluateExpression,
  expressionProblem,
  ExpressionSyntaxError,
  parseExpression,
  rootsOf,
} from '../../renderers/expression/index.ts';

const scope = {
  session: { isSuper: true, isTenantAdmin: false, account: 'admin', switchAccount: null },
  record: { id: 'e1', status: 'actived', canreply: 1, isPublic: '0', count: 3, org: { name: '财务部' } },
  selection: [
    { id: 'a', status: 'actived' },
    { id: 'b', status: 'locked' },
  ],
  form: { name: '张三', age: 30 },
  params: { id: 'm1', embedded: true },
};
const run = (source: string) => evaluateExpression(source, scope);

describe('evaluating', () => {
  it('reads names with dots, and undefined for what is not there', () => {
    expect(run('session.isSuper')).toBe(true);
    expect(run('record.org.name')).toBe('财务部');
    expect(run('record.nothing.deeper')).toBeUndefined();
    expect(run('nobody.knows')).toBeUndefined();
  });

  it('compares with == != < <= > >=, numbers and numeric text alike', () => {
    expect(run("record.status == 'actived'")).toBe(true);
    expect(run('record.status != "actived"')).toBe(false);
    expect(run('record.canreply == 1')).toBe(true);
    expect(run("record.canreply == '1'")).toBe(true);
    expect(run('record.isPublic == 0')).toBe(true);
    expect(run('record.count > 2 && record.count <= 3')).toBe(true);
    expect(run('form.age >= 31')).toBe(false);
    expect(run("'b' < 'c'")).toBe(true);
    expect(run("record.count < 'x'")).toBe(false);
    expect(run('session.switchAccount == null')).toBe(true);
    expect(run('record.missing == null')).toBe(true);
    expect(run('-1 < 0')).toBe(true);
  });

  it('combines with && || ! and parentheses, && binding tighter than ||', () => {
    expect(run('session.isSuper || session.isTenantAdmin')).toBe(true);
    expect(run('!session.isSuper')).toBe(false);
    expect(run('!(record.status == "locked")')).toBe(true);
    expect(run('false && true || true')).toBe(true);
    expect(run('false && (true || true)')).toBe(false);
    // || gives the deciding value, so it serves as a fallback.
    expect(run("record.title || 'untitled'")).toBe('untitled');
    expect(run('!!params.embedded')).toBe(true);
  });

  it('tests membership with in [..] (and in a text)', () => {
    expect(run("record.status in ['actived', 'locked']")).toBe(true);
    expect(run("record.status in ['deleted']")).toBe(false);
    expect(run('record.canreply in [0, 1]')).toBe(true);
    expect(run("'act' in record.status")).toBe(true);
    expect(run("'x' in selection.id")).toBe(false);
    expect(run("'b' in selection.id")).toBe(true);
  });

  it('maps a field over a list, indexes it and counts it', () => {
    expect(run('selection.id')).toEqual(['a', 'b']);
    expect(run('selection.0.id')).toBe('a');
    expect(run('selection.length')).toBe(2);
    expect(run('selection.length == 1')).toBe(false);
    expect(run('[1, "two", true, null]')).toEqual([1, 'two', true, null]);
  });

  it('reads only the data, never prototypes or functions', () => {
    expect(run('record.constructor')).toBeUndefined();
    expect(run('record.__proto__')).toBeUndefined();
    expect(run('record.toString')).toBeUndefined();
    expect(run('selection.map')).toEqual([undefined, undefined]);
    expect(run('constructor')).toBeUndefined();
  });
});

describe('conditions', () => {
  it('default when absent, booleans as written, expressions evaluated, an empty list false', () => {
    expect(evaluateCondition(undefined, scope, true)).toBe(true);
    expect(evaluateCondition(undefined, scope, false)).toBe(false);
    expect(evaluateCondition(false, scope, true)).toBe(false);
    expect(evaluateCondition('session.isSuper', scope, false)).toBe(true);
    expect(evaluateCondition('selection', { selection: [] }, true)).toBe(false);
    expect(evaluateCondition('record.status ==', scope, true)).toBe(false);
  });
});

describe('parsing', () => {
  it('reports syntax errors with their position', () => {
    const cases: [string, RegExp][] = [
      ['', /empty expression/],
      ['record.status ==', /unexpected end of expression at 16/],
      ["record.status == 'open", /unterminated string at 17/],
      ['a == b == c', /chained comparison/],
      ['record.', /expected a name after "\." at 7/],
      ['(a || b', /expected "\)"/],
      ['a = b', /unexpected character "="/],
      ['a b', /unexpected token at 2/],
      ['in [1]', /"in" needs a value on its left/],
      ['record.status; alert(1)', /unexpected character ";"/],
    ];
    for (const [source, message] of cases) {
      expect(() => parseExpression(source), source).toThrow(ExpressionSyntaxError);
      expect(() => parseExpression(source), source).toThrow(message);
    }
  });

  it('never runs code: a call is a syntax error, not an evaluation', () => {
    expect(() => parseExpression('alert(1)')).toThrow(ExpressionSyntaxError);
    expect(() => parseExpression('record["id"]')).toThrow(ExpressionSyntaxError);
  });

  it('caches parsed expressions and lists the names they start with', () => {
    expect(compileExpression('a.b == c')).toBe(compileExpression('a.b == c'));
    expect([...rootsOf(parseExpression("session.isSuper && (record.x in [params.a, 'k'])"))].sort()).toEqual([
      'params',
      'record',
      'session',
    ]);
  });

  it('explains problems for the schema check: syntax, and names that start nowhere', () => {
    expect(expressionProblem('record.status == "x"')).toBeNull();
    expect(expressionProblem('sesion.isSuper')).toBe(
      'unknown name "sesion" in "sesion.isSuper"; expressions start with one of session, record, form, selection, params, value, mode, step',
    );
    expect(expressionProblem('record.')).toMatch(/expected a name/);
    expect(expressionProblem('true && null')).toBeNull();
  });
});
