/**
 * `import x from './file.yaml'` gives the parsed data, converted at build time so the browser never
 * ships a YAML parser for it: the locales (needed by the light login page) and the screen files
 * (needed by every screen). Imports with a query (`?raw`) are left to Vite. Used by vite.config.ts
 * and vitest.config.ts.
 *
 * `import limits from './api/auth.yaml?limits'` gives only the length limits of each operation's request
 * fields ({opId: {field: {minLength, maxLength}}}, a format's own length included): a form sizes its
 * inputs by the catalogue the server checks with, without the whole catalogue in its bundle.
 */
import type { Plugin } from 'vite';
import { parse } from 'yaml';
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
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});`,
        map: null,
      };
    },
  };
}
