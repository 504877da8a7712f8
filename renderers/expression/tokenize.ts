/** Splits a screen expression into tokens. Only the few symbols of the language are recognised. */
import { ExpressionSyntaxError } from './ast.ts';

export type Token =
  | { kind: 'string'; value: string; at: number }
  | { kind: 'number'; value: number; at: number }
  | { kind: 'name'; value: string; at: number }
  | { kind: 'symbol'; value: string; at: number }
  | { kind: 'end'; at: number };

// Longest first, so '<=' is not read as '<' then '='.
const SYMBOLS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')', '[', ']', ',', '.'];
const NAME_START = /[A-Za-z_$]/;
const NAME_PART = /[A-Za-z0-9_$]/;
const DIGIT = /[0-9]/;

function readString(source: string, start: number): { value: string; end: number } {
  const quote = source[start];
  let value = '';
  let i = start + 1;
  while (i < source.length) {
    const c = source[i];
    if (c === quote) return { value, end: i + 1 };
    if (c === '\\' && i + 1 < source.length) {
      const next = source[i + 1];
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      i += 2;
      continue;
    }
    value += c;
    i += 1;
  }
  throw new ExpressionSyntaxError('unterminated string', source, start);
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === "'" || c === '"') {
      const { value, end } = readString(source, i);
      tokens.push({ kind: 'string', value, at: i });
      i = end;
    } else if (DIGIT.test(c) || (c === '-' && DIGIT.test(source[i + 1] ?? '') && !endsOperand(tokens))) {
      const match = /^-?[0-9]+(\.[0-9]+)?/.exec(source.slice(i))!;
      tokens.push({ kind: 'number', value: Number(match[0]), at: i });
      i += match[0].length;
    } else if (NAME_START.test(c)) {
      let end = i + 1;
      while (end < source.length && NAME_PART.test(source[end])) end += 1;
      tokens.push({ kind: 'name', value: source.slice(i, end), at: i });
      i = end;
    } else {
      const symbol = SYMBOLS.find((s) => source.startsWith(s, i));
      if (!symbol) throw new ExpressionSyntaxError(`unexpected character "${c}"`, source, i);
      tokens.push({ kind: 'symbol', value: symbol, at: i });
      i += symbol.length;
    }
  }
  tokens.push({ kind: 'end', at: source.length });
  return tokens;
}

/** A '-' right after an operand would be subtraction, which the language does not have. */
function endsOperand(tokens: Token[]): boolean {
  const last = tokens.at(-1);
  if (!last) return false;
  return last.kind !== 'symbol' || last.value === ')' || last.value === ']';
}
