/**
 * The editor's text and the screen definition it stands for: YAML (as the files in schemas/screens are
 * written) or JSON, parsed on every change; a text that does not parse gives its syntax problems with
 * where they are, instead of a value.
 */
import { LineCounter, parseDocument, stringify } from 'yaml';

export type SchemaMode = 'yaml' | 'json';

export interface SyntaxProblem {
  from: number;
  to: number;
  /** 1-based. */
  line: number;
  /** The yaml package's error code (DUPLICATE_KEY, BAD_INDENT…), or JSON for a JSON syntax error. */
  code: string;
}

export type ParsedText = { ok: true; value: unknown } | { ok: false; problems: SyntaxProblem[] };

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function lineOf(text: string, offset: number): number {
  const starts = lineStarts(text);
  let line = 1;
  while (line < starts.length && starts[line] <= offset) line++;
  return line;
}

function parseYaml(text: string): ParsedText {
  const lines = new LineCounter();
  // uniqueKeys: a key written twice is an error, not a silent "last one wins".
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length)
    return {
      ok: false,
      problems: doc.errors.map((error) => {
        const [from, to] = error.pos;
        return { from, to: Math.max(from, to), line: lines.linePos(from).line, code: error.code };
      }),
    };
  return { ok: true, value: doc.toJS({ maxAliasCount: 100 }) };
}

/** Where JSON.parse stopped: engines say "at position N" or "(line L column C)". */
function jsonErrorOffset(text: string, message: string): number {
  const position = /position (\d+)/.exec(message);
  if (position) return Math.min(Number(position[1]), text.length);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) {
    const starts = lineStarts(text);
    const start = starts[Number(lineColumn[1]) - 1] ?? 0;
    return Math.min(start + Number(lineColumn[2]) - 1, text.length);
  }
  return text.length;
}

function parseJson(text: string): ParsedText {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const from = jsonErrorOffset(text, (error as Error).message);
    const to = Math.min(text.length, from + 1);
    return { ok: false, problems: [{ from, to, line: lineOf(text, from), code: 'JSON' }] };
  }
}

export function parseSchemaText(text: string, mode: SchemaMode): ParsedText {
  return mode === 'yaml' ? parseYaml(text) : parseJson(text);
}

/** The definition as the editor shows it: YAML with lines left unfolded, or JSON indented by two. */
export function formatSchemaText(value: unknown, mode: SchemaMode): string {
  return mode === 'yaml'
    ? stringify(value, { lineWidth: 0, indent: 2 })
    : `${JSON.stringify(value, null, 2)}\n`;
}
