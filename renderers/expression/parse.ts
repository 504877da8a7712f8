/**
 * A recursive-descent parser for screen expressions. Precedence, loosest first:
 * `||`, `&&`, comparisons (`== != < <= > >= in`), `!`, then literals, paths, lists and parentheses.
 */
import { ExpressionSyntaxError, type BinaryOp, type Expr } from './ast.ts';
import { tokenize, type Token } from './tokenize.ts';

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const KEYWORDS: Record<string, Expr> = {
  true: { type: 'literal', value: true },
  false: { type: 'literal', value: false },
  null: { type: 'literal', value: null },
  undefined: { type: 'literal', value: undefined },
};

export function parseExpression(source: string): Expr {
  const tokens = tokenize(source);
  let pos = 0;
  const peek = (): Token => tokens[pos];
  const fail = (message: string, token: Token = peek()): never => {
    throw new ExpressionSyntaxError(message, source, token.at);
  };
  const isSymbol = (value: string) => {
    const token = peek();
    return token.kind === 'symbol' && token.value === value;
  };
  const expect = (value: string) => {
    if (!isSymbol(value)) fail(`expected "${value}"`);
    pos += 1;
  };

  function binary(next: () => Expr, ops: (token: Token) => BinaryOp | undefined): Expr {
    let left = next();
    for (let op = ops(peek()); op; op = ops(peek())) {
      pos += 1;
      left = { type: 'binary', op, left, right: next() };
    }
    return left;
  }

  const or = (): Expr => binary(and, (t) => (t.kind === 'symbol' && t.value === '||' ? '||' : undefined));
  const and = (): Expr =>
    binary(comparison, (t) => (t.kind === 'symbol' && t.value === '&&' ? '&&' : undefined));

  function comparison(): Expr {
    const left = unary();
    const token = peek();
    let op: BinaryOp | undefined;
    if (token.kind === 'symbol' && COMPARISONS.has(token.value)) op = token.value as BinaryOp;
    else if (token.kind === 'name' && token.value === 'in') op = 'in';
    if (!op) return left;
    pos += 1;
    const right = unary();
    const after = peek();
    // `a == b == c` reads ambiguously; ask for parentheses instead of guessing.
    if (
      (after.kind === 'symbol' && COMPARISONS.has(after.value)) ||
      (after.kind === 'name' && after.value === 'in')
    )
      fail('chained comparison; add parentheses', after);
    return { type: 'binary', op, left, right };
  }

  function unary(): Expr {
    if (isSymbol('!')) {
      pos += 1;
      return { type: 'not', operand: unary() };
    }
    return primary();
  }

  function primary(): Expr {
    const token = peek();
    if (token.kind === 'string' || token.kind === 'number') {
      pos += 1;
      return { type: 'literal', value: token.value };
    }
    if (token.kind === 'name') {
      if (token.value in KEYWORDS && Object.hasOwn(KEYWORDS, token.value)) {
        pos += 1;
        return KEYWORDS[token.value];
      }
      if (token.value === 'in') fail('"in" needs a value on its left');
      return path();
    }
    if (isSymbol('(')) {
      pos += 1;
      const inner = or();
      expect(')');
      return inner;
    }
    if (isSymbol('[')) {
      pos += 1;
      const items: Expr[] = [];
      if (!isSymbol(']')) {
        items.push(or());
        while (isSymbol(',')) {
          pos += 1;
          items.push(or());
        }
      }
      expect(']');
      return { type: 'array', items };
    }
    return fail(token.kind === 'end' ? 'unexpected end of expression' : 'unexpected token');
  }

  function path(): Expr {
    const segments = [(tokens[pos++] as { value: string }).value];
    while (isSymbol('.')) {
      pos += 1;
      const part = peek();
      // A number segment indexes a list: selection.0.id.
      if (
        part.kind === 'name' ||
        (part.kind === 'number' && Number.isInteger(part.value) && part.value >= 0)
      ) {
        segments.push(String(part.value));
        pos += 1;
      } else fail('expected a name after "."');
    }
    return { type: 'path', segments };
  }

  if (peek().kind === 'end') fail('empty expression');
  const expr = or();
  if (peek().kind !== 'end') fail('unexpected token');
  return expr;
}

/** The first segment of every path in the expression (session, record, …), for the schema check. */
export function rootsOf(expr: Expr, roots = new Set<string>()): Set<string> {
  switch (expr.type) {
    case 'path':
      roots.add(expr.segments[0]);
      break;
    case 'array':
      expr.items.forEach((item) => rootsOf(item, roots));
      break;
    case 'not':
      rootsOf(expr.operand, roots);
      break;
    case 'binary':
      rootsOf(expr.left, roots);
      rootsOf(expr.right, roots);
      break;
  }
  return roots;
}
