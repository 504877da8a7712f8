/**
 * Splits a formula into tokens. Strings are 'text' or "text" with the quote doubled inside ('it''s');
 * full-width （ ） ， (typed with a Chinese input method) count as their ASCII twins.
 */
import { fault } from './errors.ts';

export type Token =
  | { kind: 'number'; value: number; start: number; end: number }
  | { kind: 'text'; value: string; start: number; end: number }
  | { kind: 'name'; value: string; start: number; end: number }
  | { kind: 'symbol'; value: string; start: number; end: number }
  | { kind: 'end'; start: number; end: number };

// Longest first, so '<=' is not read as '<' then '='.
const SYMBOLS = [
  '<>',
  '<=',
  '>=',
  '==',
  '!=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '&',
  '=',
  '<',
  '>',
  '(',
  ')',
  ',',
  '.',
];
const FULL_WIDTH: Record<string, string> = { '（': '(', '）': ')', '，': ',' };
const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;
const NUMBER = /[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

function readText(source: string, start: number): { value: string; end: number } {
  const quote = source[start];
  let value = '';
  let i = start + 1;
  while (i < source.length) {
    if (source[i] === quote) {
      if (source[i + 1] !== quote) return { value, end: i + 1 };
      i += 1; // a doubled quote stands for one
    }
    value += source[i];
    i += 1;
  }
  throw fault('unterminatedText', { start, end: source.length });
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === "'" || c === '"') {
      const { value, end } = readText(source, i);
      tokens.push({ kind: 'text', value, start: i, end });
      i = end;
    } else if (/[0-9]/.test(c)) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(source)![0];
      tokens.push({ kind: 'number', value: Number(match), start: i, end: i + match.length });
      i += match.length;
    } else if (NAME_START.test(c)) {
      let end = i + 1;
      while (end < source.length && NAME_PART.test(source[end])) end += 1;
      tokens.push({ kind: 'name', value: source.slice(i, end), start: i, end });
      i = end;
    } else if (FULL_WIDTH[c]) {
      tokens.push({ kind: 'symbol', value: FULL_WIDTH[c], start: i, end: i + 1 });
      i += 1;
    } else {
      const symbol = SYMBOLS.find((s) => source.startsWith(s, i));
      if (!symbol) {
        const char = String.fromCodePoint(source.codePointAt(i)!);
        throw fault('unexpectedChar', { start: i, end: i + char.length }, { char });
      }
      tokens.push({ kind: 'symbol', value: symbol, start: i, end: i + symbol.length });
      i += symbol.length;
    }
  }
  tokens.push({ kind: 'end', start: source.length, end: source.length });
  return tokens;
}
