/**
 * `import x from './file.yaml'` gives the parsed data, converted at build time so the browser never
 * ships a YAML parser for it: the locales (needed by the light login page) and the screen files
 * (needed by every screen). Imports with a query (`?raw`) are left to Vite. Used by vite.config.ts
 * and vitest.config.ts.
 *
 * `import limits from './api/auth.yaml?limits'` gives only the length limits of each operation's request
 * fields ({opId: {field: {minLength, maxLength}}}, a format's own length included): a form sizes its
 * inputs by the catalogue the server checks with, without the whole catalogue in its bundle.
 *
 * A screen file (schemas/screens/*.yaml) arrives with its option set references (`options: { $set: … }`)
 * replaced by the sets of schemas/options/ (schemas/option-sets.ts); an edited set reloads its screens.
 */
import { statSync } from 'node:fs';
import type { Plugin } from 'vite';
import { parse } from 'yaml';
import { optionSetFiles, readOptionSets } from '../schemas/option-set-files.ts';
import { resolveOptionSets, type OptionSets } from '../schemas/option-sets.ts';
import { MOBILE_DIGITS } from '../schemas/validators/contact.ts';
import { KEY_ALIAS_MAX } from '../schemas/validators/text.ts';

export type FieldLimits = Record<string, Record<string, { minLength?: number; maxLength?: number }>>;

/** Formats whose rule fixes a longest value. */
const FORMAT_MAX: Record<string, number> = { 'key-alias': KEY_ALIAS_MAX, mobile: MOBILE_DIGITS };

type Schema = { properties?: Record<string, Record<string, unknown>> };

export function requestLimits(catalogue: unknown): FieldLimits {
  const operations = (catalogue as { operations?: Record<string, { request?: Record<string, Schema> }> })
    .operations;
  const out: FieldLimits = {};
  for (const [id, op] of Object.entries(operations ?? {})) {
    const fields: FieldLimits[string] = {};
    for (const part of [op.request?.query, op.request?.body]) {
      for (const [name, prop] of Object.entries(part?.properties ?? {})) {
        const max = typeof prop.maxLength === 'number' ? prop.maxLength : FORMAT_MAX[String(prop.format)];
        const min = typeof prop.minLength === 'number' ? prop.minLength : undefined;
        if (max !== undefined || min !== undefined)
          fields[name] = {
            ...(min !== undefined && { minLength: min }),
            ...(max !== undefined && { maxLength: max }),
          };
      }
    }
    if (Object.keys(fields).length) out[id] = fields;
  }
  return out;
}

const SCREEN_FILE = /[\\/]schemas[\\/]screens[\\/][^\\/]+\.ya?ml$/;

/** The option sets, parsed again only when a set file was added, removed or changed. */
function currentOptionSets(): { files: string[]; sets: OptionSets } {
  const files = optionSetFiles();
  const stamp = files
    .map((file) => {
      const st = statSync(file);
      return `${file}:${st.size}:${st.mtimeMs}`;
    })
    .join('\n');
  if (cachedSets?.stamp !== stamp) cachedSets = { stamp, sets: readOptionSets() };
  return { files, sets: cachedSets.sets };
}
let cachedSets: { stamp: string; sets: OptionSets } | undefined;

export function yamlData(): Plugin {
  return {
    name: 'yaml-data',
    transform(code, id) {
      const limits = /\.ya?ml\?limits$/.test(id);
      if (!limits && !/\.ya?ml$/.test(id)) return null;
      let data: unknown;
      try {
        data = parse(code);
      } catch (error) {
        // A broken file stops the build with its name; `npm run check` says where exactly.
        this.error(`${id}: ${(error as Error).message}`);
      }
      if (limits) data = requestLimits(data);
      else if (SCREEN_FILE.test(id)) {
        const { files, sets } = currentOptionSets();
        for (const file of files) this.addWatchFile(file);
        try {
          data = resolveOptionSets(data, sets);
        } catch (error) {
          this.error(`${id}: ${(error as Error).message}`);
        }
      }
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});`,
        map: null,
      };
    },
  };
}
