/**
 * Everything wrong with the editor's text, each with where it is: the parser's problems (then nothing
 * else can be said), else the meta-schema lint's and the last screenConfig.check's, located by their
 * JSON pointers in the text as it is now.
 */
import type { TFunction } from 'i18next';
import { pointerLocator } from './error-positions.ts';
import { metaSchemaProblems } from './meta-lint.ts';
import { schemaProblemText, syntaxProblemText } from './problem-text.ts';
import { parseSchemaText, type SchemaMode } from './schema-text.ts';
import type { CheckProblem } from './screen-config-api.ts';

export type ProblemSource = 'syntax' | 'schema' | 'check';

export interface EditorProblem {
  from: number;
  to: number;
  line: number;
  /** The JSON pointer, when the problem has one. */
  path?: string;
  message: string;
  source: ProblemSource;
}

export interface TextReading {
  /** The definition, when the text parses. */
  value?: unknown;
  problems: EditorProblem[];
}

export function readSchemaText(
  t: TFunction,
  text: string,
  mode: SchemaMode,
  checked: readonly CheckProblem[] = [],
): TextReading {
  const parsed = parseSchemaText(text, mode);
  if (!parsed.ok)
    return {
      problems: parsed.problems.map(({ from, to, line, code }) => ({
        from,
        to,
        line,
        message: syntaxProblemText(t, code),
        source: 'syntax',
      })),
    };
  const locate = pointerLocator(text);
  const problems: EditorProblem[] = [
    ...metaSchemaProblems(parsed.value).map((problem) => ({
      ...locate(problem.path, problem.atKey),
      path: problem.path,
      message: schemaProblemText(t, problem),
      source: 'schema' as const,
    })),
    ...checked.map((problem) => ({
      ...locate(problem.path),
      path: problem.path,
      message: problem.message,
      source: 'check' as const,
    })),
  ];
  return { value: parsed.value, problems: problems.sort((a, b) => a.from - b.from) };
}
