/**
 * `import { validateScreen, validateKind } from 'virtual:screen-meta-validator'`: the screen meta-schemas
 * (schemas/meta/screen.schema.json and screen-kinds/*.schema.json) compiled at build time into ajv's
 * standalone code, for the schema editor's live lint (src/pages/screen-config/). The browser compiles no
 * schema: the Content Security Policy allows no eval. The `x-check` look-ups (operations, locale keys,
 * screens…) are the server's screenConfig.check: here the keyword validates nothing. Used by
 * vite.config.ts and vitest.config.ts; the module loads only with the editor's page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { RUNTIME_MODULES } from '../renderers/form/precompiled-runtime.ts';

const MODULE = 'virtual:screen-meta-validator';
const META = fileURLToPath(new URL('../schemas/meta', import.meta.url));
const KINDS = join(META, 'screen-kinds');
const RUNTIME = fileURLToPath(new URL('../renderers/form/precompiled-runtime.ts', import.meta.url));

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** The module's code: `validateScreen` (what every kind shares) and `validateKind[kind]`. */
export function screenMetaValidatorModule(runtimeModule = RUNTIME): string {
  const ajv = new Ajv({ allErrors: true, strict: false, inlineRefs: false, code: { source: true } });
  ajv.addKeyword({ keyword: 'x-check' });
  const common = readJson(join(META, 'screen.schema.json'));
  const kinds: Record<string, string> = {};
  for (const file of readdirSync(KINDS)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    const schema = readJson(join(KINDS, file));
    ajv.addSchema(schema);
    const kind = file.replace(/\.schema\.json$/, '');
    if (kind !== 'common') kinds[kind] = String(schema.$id);
  }
  ajv.addSchema(common);
  const exports = { validateScreen: String(common.$id), ...prefixed(kinds) };
  const code = standaloneCode(ajv, exports).replace(/\brequire\(("[^"]*")\)/g, (_call, literal: string) => {
    const module = (JSON.parse(literal) as string).replace(/\.js$/, '');
    if (!RUNTIME_MODULES.includes(module))
      throw new Error(`the screen meta-schema validator needs ${module}, which the browser does not provide`);
    return `ajvRuntime(${JSON.stringify(module)})`;
  });
  const entries = Object.keys(kinds).map(
    (kind) => `${JSON.stringify(kind)}: compiled[${JSON.stringify(`kind_${kind}`)}]`,
  );
  return [
    `import { ajvRuntime } from ${JSON.stringify(runtimeModule)};`,
    // ajv's CommonJS module in a function of its own.
    `const compiled = ((module) => {const exports = module.exports;${code}\nreturn module.exports;})({ exports: {} });`,
    'export const validateScreen = compiled.validateScreen;',
    `export const validateKind = {${entries.join(', ')}};`,
  ].join('\n');
}

function prefixed(kinds: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(kinds).map(([kind, id]) => [`kind_${kind}`, id]));
}

export function screenMetaValidator(): Plugin {
  let code: string | undefined;
  return {
    name: 'screen-meta-validator',
    resolveId(id) {
      return id === MODULE ? `\0${MODULE}` : null;
    },
    load(id) {
      if (id !== `\0${MODULE}`) return null;
      for (const file of readdirSync(KINDS)) this.addWatchFile(join(KINDS, file));
      this.addWatchFile(join(META, 'screen.schema.json'));
      try {
        code ??= screenMetaValidatorModule();
      } catch (error) {
        return this.error(`screen meta-schema validator: ${(error as Error).message}`);
      }
      return code;
    },
    watchChange(file) {
      if (file.startsWith(META)) code = undefined;
    },
  };
}
