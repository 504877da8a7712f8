/**
 * The schema check of one screen definition held in memory, for screens stored at run time
 * (server/modules/screen-config): the same checks the build runs on each file of schemas/screens —
 * `screenChecks` below is what check-tree.ts runs per file too — against the same catalogue, entities,
 * option sets, widgets, actions and screen names, except that a text key must be in every language
 * (no locale test ever sees a stored screen). Each problem carries the kind of check that found it, so a
 * caller can say it in the user's language.
 */
import { join } from 'node:path';
import { newFormFormulaCheck, type FormFormulaCheck } from './form-formulas.ts';
import { loadOptionSets, optionSetRefErrors } from './option-sets.ts';
import { checkScreenPermissions, collectVocabulary, type Vocabulary } from './permissions.ts';
import { formatError, type SchemaError } from './report.ts';
import { loadScreenLookups } from './screen-lookups.ts';
import { loadScreenCheck, type ScreenCheck } from './screens.ts';
import { newScreenFieldCheck, responseSchemas, type ScreenFieldCheck } from './screen-fields.ts';
import { listYamlFiles, readYamlFile, type ParsedFile } from './yaml-files.ts';
import type { OptionSets } from '../../schemas/option-sets.ts';

/** What the per-screen checks look things up in. */
export interface ScreenCheckParts {
  screenCheck: ScreenCheck;
  fieldCheck: ScreenFieldCheck;
  optionSets: OptionSets;
  vocabulary: Vocabulary;
  /** A form's `formulas:` against its fields (form-formulas.ts). */
  formulaCheck?: FormFormulaCheck;
}

/** Which check found a problem. */
export type ScreenProblemKind =
  | 'schema'
  | 'kind'
  | 'operation'
  | 'text'
  | 'action'
  | 'widget'
  | 'screen'
  | 'expression'
  | 'field'
  | 'optionSet'
  | 'permission'
  | 'formula';

export interface ScreenProblem extends SchemaError {
  kind: ScreenProblemKind;
  /** The value looked up in vain (an operation id, a text key…), for the look-up kinds. */
  value?: string;
}

/** Every check a screen file passes, in the build's order (meta-schema and look-ups, fields, sets, permissions). */
export function screenChecks(parts: ScreenCheckParts, parsed: ParsedFile): ScreenProblem[] {
  return [
    ...parts.screenCheck(parsed).map(classified),
    ...parts.fieldCheck(parsed).map((error) => ({ ...error, kind: 'field' as const })),
    ...optionSetRefErrors(parsed, parts.optionSets).map((error) => ({
      ...error,
      kind: 'optionSet' as const,
    })),
    ...checkScreenPermissions(parsed, parts.vocabulary).map((error) => ({
      ...error,
      kind: 'permission' as const,
    })),
    ...(parts.formulaCheck?.(parsed) ?? []).map((error) => ({ ...error, kind: 'formula' as const })),
  ];
}

/** The messages of screens.ts's look-ups, by kind (tests/server/screen-config-check.test.ts holds them to it). */
const LOOKUP_MESSAGES: Array<[ScreenProblemKind, RegExp]> = [
  ['operation', /^unknown operation id "([^"]*)"/],
  ['text', /^translation key "([^"]*)" is not in locales\//],
  ['action', /^unknown action "([^"]*)"/],
  ['widget', /^unknown widget "([^"]*)"/],
  ['screen', /^unknown screen "([^"]*)"/],
  ['kind', /^unknown kind "([^"]*)"/],
  // expression.ts: a syntax error says where, an unknown first name says which.
  ['expression', /^unknown name "([^"]*)" in "/],
  ['expression', / at \d+ in "/],
];

function classified(error: SchemaError): ScreenProblem {
  for (const [kind, pattern] of LOOKUP_MESSAGES) {
    const match = pattern.exec(error.message);
    if (match) return { ...error, kind, ...(match[1] !== undefined ? { value: match[1] } : {}) };
  }
  return { ...error, kind: 'schema' };
}

export interface OneScreenCheckOptions {
  /** Repository root; the tree is read as check-tree.ts reads it. */
  root: string;
  /** Default: every language of locales/. */
  languages?: readonly string[];
  /**
   * The parsed catalogue and entity files, when the caller holds them already (the server reads them from
   * its YAML snapshot); default: read from schemas/api and schemas/entities.
   */
  catalogues?: unknown[];
  entities?: unknown[];
}

/** Checks `data` as the screen `name` (a file name of schemas/screens without .yaml). */
export type OneScreenCheck = (name: string, data: unknown) => ScreenProblem[];

/**
 * Reads and compiles what the screen checks need, once. The tree is taken as the build check left it
 * (it is not judged again here); one that cannot even be read — a YAML file that does not parse, a
 * screen meta-schema that does not compile — throws, as no screen can be judged against it.
 */
export function loadOneScreenCheck(options: OneScreenCheckOptions): OneScreenCheck {
  const { root } = options;
  const dir = (name: string) => join(root, 'schemas', name);
  const errors: SchemaError[] = [];
  const given = (data: unknown[]) =>
    data.map((d, i): ParsedFile => ({ absolute: '', file: `#${i}`, name: `#${i}`, data: d }));
  const read = (folder: string) => listYamlFiles(dir(folder)).map((file) => readYamlFile(file, root, errors));
  const apiFiles = options.catalogues ? given(options.catalogues) : read('api');
  const entityFiles = options.entities ? given(options.entities) : read('entities');
  const screenNames = listYamlFiles(dir('screens')).map((file) =>
    file.replace(/^.*[\\/]/, '').replace(/\.ya?ml$/, ''),
  );
  const lookups = loadScreenLookups({
    root,
    catalogues: apiFiles.map((parsed) => parsed.data),
    screenNames,
    languages: options.languages ?? ['zh-CN', 'zh-TW', 'en'],
  });
  const screenCheck = loadScreenCheck(dir('meta'), root, lookups, errors);
  const optionSets = loadOptionSets(dir('options'), root, lookups, errors).sets;
  const vocabulary = collectVocabulary(apiFiles, errors);
  if (errors.length > 0 || !screenCheck)
    throw new Error(`the schema tree cannot be read: ${errors.slice(0, 5).map(formatError).join('; ')}`);
  const parts: ScreenCheckParts = {
    screenCheck,
    fieldCheck: newScreenFieldCheck(
      responseSchemas(
        apiFiles.map((parsed) => parsed.data),
        entityFiles.map((parsed) => parsed.data),
      ),
    ),
    optionSets,
    vocabulary,
    formulaCheck: newFormFormulaCheck(entityFiles.map((parsed) => parsed.data)),
  };
  return (name, data) => {
    const file = `schemas/screens/${name}.yaml`;
    const parsed = { absolute: join(root, file), file, name, data };
    try {
      return screenChecks(parts, parsed);
    } catch (error) {
      // A definition odd enough to trip a later check (an option set's `values` that is no list): the
      // meta-schema names what is wrong with it.
      const broken = { file, path: '/', kind: 'schema' as const, message: String(error) };
      try {
        const found = parts.screenCheck(parsed).map(classified);
        return found.length > 0 ? found : [broken];
      } catch {
        return [broken];
      }
    }
  };
}
