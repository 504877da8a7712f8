/**
 * Option sets (schemas/options/*.yaml, see schemas/option-sets.ts) and the screens' references to them:
 * a set is a non-empty list of {value, label, color?} with distinct values and labels that are
 * translation keys; a screen's `{ $set: name }` names a set that exists, and its `values` / `except`
 * only values that set has. The meta-schema checks the reference's shape.
 */
import type { OptionSets, SetOption } from '../../schemas/option-sets.ts';
import { isOptionSetRef, optionSetRefProblem } from '../../schemas/option-sets.ts';
import { joinPointer, type SchemaError } from './report.ts';
import type { ScreenLookups } from './screen-lookups.ts';
import { listYamlFiles, readYamlFile, type ParsedFile } from './yaml-files.ts';

const OPTION_KEYS = new Set(['value', 'label', 'color']);

function optionProblems(option: unknown, seen: Set<unknown>, lookups: ScreenLookups): string[] {
  if (!option || typeof option !== 'object' || Array.isArray(option))
    return ['must be {value, label, color?}'];
  const { value, label, color } = option as Partial<SetOption>;
  const problems = Object.keys(option)
    .filter((key) => !OPTION_KEYS.has(key))
    .map((key) => `unknown field "${key}"`);
  if (!['string', 'number', 'boolean'].includes(typeof value))
    problems.push('value must be a string, number or boolean');
  else if (seen.has(value)) problems.push(`value ${JSON.stringify(value)} is listed twice`);
  seen.add(value);
  if (typeof label !== 'string') problems.push('label must be a translation key');
  else if (!lookups.translationKeys.has(label))
    problems.push(`translation key "${label}" is not in locales/zh-CN/`);
  if (color !== undefined && typeof color !== 'string') problems.push('color must be a string');
  return problems;
}

/** Reads and checks the set files of `dir`; the sets by name. */
export function loadOptionSets(
  dir: string,
  root: string,
  lookups: ScreenLookups,
  errors: SchemaError[],
): { sets: OptionSets; files: number } {
  const sets = new Map<string, SetOption[]>();
  const files = listYamlFiles(dir).map((file) => readYamlFile(file, root, errors));
  for (const { file, name, data } of files) {
    if (data === undefined) continue;
    if (!Array.isArray(data) || data.length === 0) {
      errors.push({
        file,
        path: '/',
        message: 'an option set is a non-empty list of {value, label, color?}',
      });
      continue;
    }
    const seen = new Set<unknown>();
    const found = data.flatMap((option, i) =>
      optionProblems(option, seen, lookups).map((message) => ({ file, path: joinPointer('', i), message })),
    );
    errors.push(...found);
    // Kept even when an option is wrong: its references are not reported as unknown as well.
    sets.set(name, data as SetOption[]);
  }
  return { sets, files: files.length };
}

/** Every option set reference of a screen file that names an unknown set or values the set lacks. */
export function optionSetRefErrors({ file, data }: ParsedFile, sets: OptionSets): SchemaError[] {
  const errors: SchemaError[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, joinPointer(pointer, i)));
    if (!node || typeof node !== 'object') return;
    if (isOptionSetRef(node) && typeof node.$set === 'string') {
      const message = optionSetRefProblem(node, sets);
      if (message) errors.push({ file, path: joinPointer(pointer, '$set'), message });
      return;
    }
    for (const [key, value] of Object.entries(node)) visit(value, joinPointer(pointer, key));
  };
  visit(data, '');
  return errors;
}
