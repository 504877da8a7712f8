/** Listing and parsing the YAML files under schemas/, keeping parse problems as SchemaErrors. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseDocument } from 'yaml';
import type { SchemaError } from './report.ts';

export interface ParsedFile {
  /** Absolute path. */
  absolute: string;
  /** Path relative to the repository root, as printed in errors. */
  file: string;
  /** File name without extension. */
  name: string;
  /** Parsed content; undefined when the YAML could not be parsed. */
  data: unknown;
}

export function listYamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'))
    .sort()
    .map((name) => join(dir, name));
}

export function displayPath(root: string, absolute: string): string {
  return relative(root, absolute).split(sep).join('/');
}

/** Parses one YAML file; syntax errors and duplicate keys become errors instead of exceptions. */
export function readYamlFile(absolute: string, root: string, errors: SchemaError[]): ParsedFile {
  const file = displayPath(root, absolute);
  const name = absolute.replace(/^.*[\\/]/, '').replace(/\.ya?ml$/, '');
  const document = parseDocument(readFileSync(absolute, 'utf8'), { prettyErrors: true });
  if (document.errors.length > 0) {
    for (const problem of document.errors) {
      errors.push({
        file,
        path: '/',
        message: `YAML error: ${problem.message.split('\n')[0].replace(/:$/, '')}`,
      });
    }
    return { absolute, file, name, data: undefined };
  }
  return { absolute, file, name, data: document.toJS() };
}
