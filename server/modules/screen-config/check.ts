/**
 * The build's screen check on one definition in memory (tools/schema-check/check-one-screen.ts), its
 * problems said in the caller's language. Compiled on first use (the meta-schemas, the catalogue, the
 * locales), then kept: none of it changes while the server runs.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readYaml, SCHEMAS_DIR } from '../../../schemas/catalogue.ts';
import {
  loadOneScreenCheck,
  type OneScreenCheck,
  type ScreenProblem,
} from '../../../tools/schema-check/check-one-screen.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { translate, type Language } from '../../http/i18n.ts';

export interface Problem {
  /** JSON pointer into the definition ('/' for the whole). */
  path: string;
  message: string;
}

let check: OneScreenCheck | undefined;

/** The parsed files of a folder of schemas/ (from the server's YAML snapshot when built). */
const filesOf = (folder: string) =>
  readdirSync(join(SCHEMAS_DIR, folder))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => readYaml<unknown>(join(SCHEMAS_DIR, folder, f)));

/** The problems of `content` as the screen `name`, untranslated. */
export function screenProblems(name: string, content: unknown): ScreenProblem[] {
  check ??= loadOneScreenCheck({
    root: join(SCHEMAS_DIR, '..'),
    catalogues: filesOf('api'),
    entities: filesOf('entities'),
  });
  return check(name, content);
}

/** One problem in words: what was looked up in vain is named, the other checks' own detail follows. */
export function problemText(problem: ScreenProblem, lang: Language): string {
  return translate(lang, `screenConfig.problem.${problem.kind}`, {
    value: problem.value ?? '',
    detail: problem.message,
  });
}

export function translatedProblems(name: string, content: unknown, lang: Language): Problem[] {
  return screenProblems(name, content).map((p) => ({ path: p.path, message: problemText(p, lang) }));
}

/** Refuses a definition that fails the check (screenConfig.invalid, the problems in `cause.errors`). */
export function requirePublishable(name: string, content: unknown, lang: Language): void {
  const errors = translatedProblems(name, content, lang);
  if (errors.length === 0) return;
  throw new ApiError(
    Code.ILLEGAL_REQUEST,
    'screenConfig.invalid',
    {
      count: errors.length,
      details: errors
        .slice(0, 3)
        .map((e) => `${e.path} ${e.message}`)
        .join('; '),
    },
    { reason: 'screenConfig.invalid', errors },
  );
}
