/**
 * A recursive-descent parser for form formulas. Precedence, loosest first: OR, AND, NOT, comparisons
 * (= <> < <= > >=, also == !=; not chained), & (text), + -, * / %, unary - +, ^ (right to left, so
 * -2^2 is -4 and 2^3^2 is 512, as in mathematics). AND( OR( NOT( where an operand is due are the
 * functions of the same names. Nesting deeper than MAX_DEPTH is refused, so no input can exhaust the
 * stack.
 */
import type { BinaryOp, FormulaNode, Span } from './ast.ts';
import { fault } from './errors.ts';
import { tokenize, type Token } from './tokenize.ts';

export const MAX_LENGTH = 4000;
const MAX_DEPTH = 100;

const COMPARISONS: Record<string, BinaryOp> = {
  '=': '=',
  '==': '=',
  '<>': '<>',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};
const KEYWORDS = new Set(['TRUE', 'FALSE', 'NULL', 'AND', 'OR', 'NOT']);

const tokenText = (token: Token) =>
  token.kind === 'text' ? `'${token.value}'` : token.kind === 'end' ? '' : String(token.value);

/** Throws a FormulaFault; parseFormula (index.ts) turns it into a FormulaError. */
export function parseTree(source: string): FormulaNode {
  if (source.length > MAX_LENGTH)
    throw fault('tooLong', { start: MAX_LENGTH, end: source.length }, { max: MAX_LENGTH });
  const tokens = tokenize(source);
  let pos = 0;
  let depth = 0;
  const peek = (): Token => tokens[pos];
  const next = (): Token => tokens[pos++];
  const upper = (token: Token) => (token.kind === 'name' ? token.value.toUpperCase() : undefined);
  const isSymbol = (value: string, token = peek()) => token.kind === 'symbol' && token.value === value;
  const isKeyword = (word: string, token = peek()) => upper(token) === word;
  const span = (start: number): Span => ({ start, end: tokens[pos - 1].end });

  const unexpected = (token: Token = peek()) =>
    token.kind === 'end'
      ? fault('unexpectedEnd', token)
      : fault('unexpectedToken', token, { token: tokenText(token) });
  const expect = (symbol: string) => {
    if (!isSymbol(symbol)) {
      const token = peek();
      throw token.kind === 'end' ? fault('expected', token, { token: symbol }) : unexpected(token);
    }
    return next();
  };
  const deeper = <T>(at: Token, read: () => T): T => {
    depth += 1;
    if (depth > MAX_DEPTH) throw fault('tooDeep', at, { max: MAX_DEPTH });
    try {
      return read();
    } finally {
      depth -= 1;
    }
  };

  /** Left-associative levels: `read` for the operands, `op` names the operator a token is. */
  function level(read: () => FormulaNode, op: (token: Token) => BinaryOp | undefined): FormulaNode {
    let left = read();
    for (let found = op(peek()); found; found = op(peek())) {
      next();
      const right = read();
      left = { type: 'binary', op: found, left, right, start: left.start, end: right.end };
    }
    return left;
  }

  const expression = (): FormulaNode => deeper(peek(), or);
  // After an operand AND and OR can only be operators (`a OR (b > 1)`); NOT( is the function.
  const or = () => level(and, (t) => (isKeyword('OR', t) ? 'OR' : undefined));
  const and = () => level(not, (t) => (isKeyword('AND', t) ? 'AND' : undefined));

  function not(): FormulaNode {
    const token = peek();
    if (isKeyword('NOT') && !isSymbol('(', tokens[pos + 1])) {
      next();
      const operand = deeper(token, not);
      return { type: 'not', operand, start: token.start, end: operand.end };
    }
    return comparison();
  }

  function comparison(): FormulaNode {
    const left = concat();
    const token = peek();
    const op = token.kind === 'symbol' ? COMPARISONS[token.value] : undefined;
    if (!op) return left;
    next();
    const right = concat();
    const after = peek();
    // `a < b < c` reads ambiguously; ask for parentheses instead of guessing.
    if (after.kind === 'symbol' && COMPARISONS[after.value]) throw fault('chainedComparison', after);
    return { type: 'binary', op, left, right, start: left.start, end: right.end };
  }

  const concat = () => level(additive, (t) => (isSymbol('&', t) ? '&' : undefined));
  const additive = () =>
    level(multiplicative, (t) => (isSymbol('+', t) ? '+' : isSymbol('-', t) ? '-' : undefined));
  const multiplicative = () =>
    level(unary, (t) =>
      t.kind === 'symbol' && ['*', '/', '%'].includes(t.value) ? (t.value as BinaryOp) : undefined,
    );

  function unary(): FormulaNode {
    const token = peek();
    if (isSymbol('-') || isSymbol('+')) {
      const isMinus = isSymbol('-');
      next();
      const operand = deeper(token, unary);
      return isMinus
        ? { type: 'negate', operand, start: token.start, end: operand.end }
        : { ...operand, start: token.start };
    }
    return power();
  }

  function power(): FormulaNode {
    const base = primary();
    if (!isSymbol('^')) return base;
    const token = next();
    const exponent = deeper(token, unary);
    return { type: 'binary', op: '^', left: base, right: exponent, start: base.start, end: exponent.end };
  }

  function primary(): FormulaNode {
    const token = peek();
    if (token.kind === 'number') {
      next();
      return { type: 'number', value: token.value, start: token.start, end: token.end };
    }
    if (token.kind === 'text') {
      next();
      return { type: 'text', value: token.value, start: token.start, end: token.end };
    }
    if (isSymbol('(')) {
      next();
      const inner = expression();
      const close = expect(')');
      // The parentheses belong to the part, so an error about it points at them too.
      return { ...inner, start: token.start, end: close.end };
    }
    if (token.kind !== 'name') throw unexpected(token);
    next();
    if (isSymbol('(')) return call(token);
    const word = token.value.toUpperCase();
    if (word === 'TRUE' || word === 'FALSE')
      return { type: 'boolean', value: word === 'TRUE', start: token.start, end: token.end };
    if (word === 'NULL') return { type: 'null', start: token.start, end: token.end };
    if (KEYWORDS.has(word)) throw unexpected(token);
    if (!isSymbol('.')) return { type: 'field', name: token.value, start: token.start, end: token.end };
    next();
    const column = peek();
    if (column.kind !== 'name') throw fault('expectedColumn', column);
    next();
    return { type: 'field', name: token.value, column: column.value, start: token.start, end: column.end };
  }

  function call(name: Token & { kind: 'name' }): FormulaNode {
    expect('(');
    const args: FormulaNode[] = [];
    if (!isSymbol(')')) {
      args.push(expression());
      while (isSymbol(',')) {
        next();
        args.push(expression());
      }
    }
    expect(')');
    return { type: 'call', name: name.value.toUpperCase(), args, ...span(name.start) };
  }

  if (peek().kind === 'end') throw fault('empty', { start: 0, end: source.length });
  const tree = expression();
  if (peek().kind !== 'end') throw unexpected();
  return tree;
}
