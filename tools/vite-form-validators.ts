/**
 * `import { formValidatorModules } from 'virtual:form-validators'`: the forms' validators compiled at
 * build time (tools/form-validators/compile.ts), one lazily loaded module per form body of
 * schemas/screens, keyed by formBodyKey, and one for the attribute forms. The browser compiles no
 * schema (the Content Security Policy allows no eval). Used by vite.config.ts and vitest.config.ts.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ATTRIBUTES_KEY } from '../renderers/form/form-validator-keys.ts';
import {
  attributesModule,
  formBodiesByKey,
  formModule,
  moduleName,
  readEntities,
  readFormBodies,
  type FormBodySource,
} from './form-validators/compile.ts';

const INDEX = 'virtual:form-validators';
const MODULE = `${INDEX}/`;

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SCREENS = local('../schemas/screens');
const ENTITIES = local('../schemas/entities');
const RUNTIME = local('../renderers/form/precompiled-runtime.ts');
const ATTRIBUTES = 'validate-attributes';

export function formValidators(): Plugin {
  // Form bodies by module name, and their keys.
  let bodies: Map<string, { key: string; found: FormBodySource }> | undefined;
  const modules = new Map<string, string>();
  const sources = () =>
    (bodies ??= new Map(
      [...formBodiesByKey(readFormBodies(SCREENS))].map(([key, found]) => [
        moduleName(found.source),
        { key, found },
      ]),
    ));
  const forget = (file: string) => {
    if (!file.startsWith(SCREENS) && !file.startsWith(ENTITIES)) return false;
    bodies = undefined;
    modules.clear();
    return true;
  };
  return {
    name: 'form-validators',
    resolveId(id) {
      return id === INDEX || id.startsWith(MODULE) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${INDEX}`)) return null;
      // A screen or entity edit regenerates them (the dev server and watch builds).
      for (const dir of [SCREENS, ENTITIES])
        for (const file of readdirSync(dir)) if (file.endsWith('.yaml')) this.addWatchFile(join(dir, file));
      if (id === `\0${INDEX}`) {
        const loaders = [...sources()].map(
          ([name, { key }]) => `${JSON.stringify(key)}: () => import(${JSON.stringify(MODULE + name)})`,
        );
        loaders.push(
          `${JSON.stringify(ATTRIBUTES_KEY)}: () => import(${JSON.stringify(MODULE + ATTRIBUTES)})`,
        );
        return `export const formValidatorModules = {\n${loaders.join(',\n')}\n};`;
      }
      const name = id.slice(`\0${MODULE}`.length);
      let code = modules.get(name);
      if (code === undefined) {
        try {
          if (name === ATTRIBUTES) code = attributesModule(RUNTIME);
          else {
            const body = sources().get(name);
            if (!body) return this.error(`no form body has the module ${name}`);
            code = formModule(body.found.body, readEntities(ENTITIES), body.found.source, RUNTIME);
          }
        } catch (error) {
          return this.error(`form validators: ${(error as Error).message}`);
        }
        modules.set(name, code);
      }
      return code;
    },
    watchChange(file) {
      forget(file);
    },
    handleHotUpdate({ file, server }) {
      if (!forget(file)) return;
      for (const module of server.moduleGraph.idToModuleMap.values())
        if (module.id?.startsWith(`\0${INDEX}`)) server.moduleGraph.invalidateModule(module);
    },
  };
}
