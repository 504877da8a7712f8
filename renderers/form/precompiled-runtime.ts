/**
 * What the forms' precompiled validators (ajv's standalone code, tools/form-validators/) call at run
 * time: ajv's small runtime helpers, the string formats and our keywords. ajv's code asks for them with
 * `require(name)`; the build rewrites that to `ajvRuntime(name)`. Nothing here compiles a schema, so the
 * browser needs no eval (the Content Security Policy forbids it) and no ajv compiler.
 */
import * as equal from 'ajv/dist/runtime/equal.js';
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import * as uri from 'ajv/dist/runtime/uri.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { FORMATS } from '../../schemas/validators/formats.ts';
import { KEYWORD_VALIDATORS } from '../../schemas/validators/keywords.ts';

/** Names the generated code asks for beside ajv's own runtime modules. */
export const FORMATS_MODULE = 'form-validators/formats';
export const KEYWORDS_MODULE = 'form-validators/keywords';

/** A CommonJS module's default export, as a bundler or Node hands it over (with or without interop). */
function defaultOf(module: { default: unknown }): unknown {
  const value = module.default;
  return typeof value === 'function' ? value : (value as { default: unknown }).default;
}

/**
 * The formats the validators were compiled with: ajv-formats' full set (the project's copy, as the
 * server's), ours over it; rjsf's own two, data-url and color, each module adds itself. The build
 * checks that each one is the very definition it compiled with.
 */
const formats: Record<string, unknown> = { ...fullFormats, ...FORMATS };

const modules: Record<string, unknown> = {
  'ajv/dist/runtime/equal': { default: defaultOf(equal) },
  'ajv/dist/runtime/ucs2length': { default: defaultOf(ucs2length) },
  'ajv/dist/runtime/uri': { default: defaultOf(uri) },
  [FORMATS_MODULE]: formats,
  [KEYWORDS_MODULE]: KEYWORD_VALIDATORS,
};

/** The modules the build lets generated code ask for; it refuses code that asks for another. */
export const RUNTIME_MODULES: readonly string[] = Object.keys(modules);

export function ajvRuntime(name: string): unknown {
  if (!(name in modules)) throw new Error(`A precompiled form validator asked for ${name}`);
  return modules[name];
}
