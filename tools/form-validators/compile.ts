/**
 * The forms' validators, compiled at build time into ajv's standalone code, so the browser never
 * compiles a schema (ajv compiles with `new Function`, which the Content Security Policy forbids).
 *
 * A form's JSON Schema is made at run time (renderers/form/form-schema.ts) from its entity and fields,
 * and changes with the fields its conditions show or require and with the values of its dynamic rules.
 * The build makes every schema a form body can have: each field whose `visible` or `required` is an
 * expression counts both ways, and each dynamic rule counts as absent and as present, its value read
 * at run time through ajv's `$data` (form-validator-keys.ts). For each such schema it compiles what
 * rjsf validates with: the schema itself (a save checks it), each schema rjsf resolves it to for a
 * form's data (live validation checks that; if/then and allOf merged), and each part rjsf asks
 * `isValid` about (conditions, options: rjsf's own schemaParser lists them).
 *
 * Attribute forms have fields the server defines: their module holds one validator per kind of
 * property (attributes.ts), allowed values read through `$data`, and the browser validates the object
 * around them as ajv would (precompiled-validator.ts).
 *
 * Every schema is also compiled by the ajv forms used to compile with in the browser (rjsf's with our
 * formats and keywords; runtime-form-validator.ts still is, for fixtures), which checks the schema and
 * our keywords' values as before. Both take the project's ajv-formats, the server's, rather than the
 * older copy rjsf brings along (no form uses one of its formats; ours replace the ones they share).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type Ajv from 'ajv';
import { _ } from 'ajv';
import type { AnySchemaObject, Options, ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import {
  hashForSchema,
  retrieveSchema,
  schemaParser,
  withIdRefPrefix,
  ROOT_SCHEMA_PREFIX,
  type RJSFSchema,
  type ValidatorType,
} from '@rjsf/utils';
import createAjvInstance, {
  COLOR_FORMAT_REGEX,
  DATA_URL_FORMAT_REGEX,
} from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { addValidators } from '../../schemas/validators.ts';
import { FORMATS } from '../../schemas/validators/formats.ts';
import { STANDALONE_KEYWORDS } from '../../schemas/validators/keywords.ts';
import { attributePropertyKinds } from '../../renderers/form/attributes.ts';
import { bundleEntity, type JsonSchema } from '../../renderers/form/entity-bundle.ts';
import { buildFormSchema, mergeBase, type FieldState } from '../../renderers/form/form-schema.ts';
import {
  dynamicPointer,
  formBodyKey,
  schemaKey,
  withEnumPointer,
  ATTRIBUTES_KEY,
} from '../../renderers/form/form-validator-keys.ts';
import type { FormBody } from '../../renderers/form/form-types.ts';
import {
  FORMATS_MODULE,
  KEYWORDS_MODULE,
  RUNTIME_MODULES,
} from '../../renderers/form/precompiled-runtime.ts';

/** A form body of a screen file: a form screen, or a wizard step's form. */
export interface FormBodySource {
  /** Where it is, for messages: `employee-form.yaml`, `change-mobile.yaml steps[0]`. */
  source: string;
  body: FormBody;
}

/** Each form body in schemas/screens (the kinds that draw a form: form, and wizard steps). */
export function readFormBodies(screensDir: string): FormBodySource[] {
  const found: FormBodySource[] = [];
  for (const file of readdirSync(screensDir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()) {
    const screen = parse(readFileSync(join(screensDir, file), 'utf8')) as Record<string, unknown> | null;
    if (screen?.kind === 'form') found.push({ source: file, body: screen as FormBody });
    if (screen?.kind === 'wizard' && Array.isArray(screen.steps)) {
      screen.steps.forEach((step: { form?: FormBody }, index: number) => {
        if (step.form) found.push({ source: `${file} steps[${index}]`, body: step.form });
      });
    }
  }
  return found;
}

export function readEntities(entitiesDir: string): Map<string, JsonSchema> {
  return new Map(
    readdirSync(entitiesDir)
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => [
        name.replace(/\.yaml$/, ''),
        parse(readFileSync(join(entitiesDir, name), 'utf8')) as JsonSchema,
      ]),
  );
}

/** More schemas than this for one form body stops the build: its conditions need another design. */
const MAX_SCHEMAS = 256;

/**
 * Every schema the form of `body` can build: both outcomes of each condition on a field's visibility
 * and requiredness, each dynamic rule absent and present (its value a `$data` pointer).
 */
export function formSchemas(
  body: FormBody,
  entities: ReadonlyMap<string, JsonSchema>,
  source: string,
): JsonSchema[] {
  const base = mergeBase(body.entity ? bundleEntity(body.entity, entities) : undefined, body.schema);
  const fields = body.fields ?? [];
  const rules = (body.dynamicRules ?? [])
    .map((rule, index) => ({ rule, index }))
    .filter(({ rule }) => rule.when !== false);
  const toggles = [
    ...fields.flatMap((field) => [
      ...(typeof field.visible === 'string' ? [{ field: field.name, state: 'visible' as const }] : []),
      ...(typeof field.required === 'string' ? [{ field: field.name, state: 'required' as const }] : []),
    ]),
    ...rules.map(({ index }) => ({ rule: index })),
  ];
  if (2 ** toggles.length > MAX_SCHEMAS)
    throw new Error(`${source}: ${toggles.length} conditions make too many form schemas to precompile`);
  const schemas = new Map<string, JsonSchema>();
  for (let mask = 0; mask < 2 ** toggles.length; mask++) {
    const on = (toggle: (typeof toggles)[number]) => Boolean(mask & (1 << toggles.indexOf(toggle)));
    const states: Record<string, FieldState> = Object.fromEntries(
      fields.map((field) => [
        field.name,
        {
          visible: typeof field.visible === 'boolean' ? field.visible : true,
          required: typeof field.required === 'boolean' ? field.required : false,
          disabled: false,
          readonly: false,
        },
      ]),
    );
    const dynamic: Record<string, Record<string, unknown>> = {};
    for (const toggle of toggles) {
      if ('rule' in toggle) {
        if (!on(toggle)) continue;
        const { field, keyword } = body.dynamicRules![toggle.rule];
        dynamic[field] = { ...dynamic[field], [keyword]: dynamicPointer(toggle.rule) };
      } else states[toggle.field][toggle.state] = on(toggle);
    }
    const schema = buildFormSchema({ base, fields, states, dynamic, screen: source });
    schemas.set(schemaKey(schema), schema);
  }
  return [...schemas.values()];
}

function unsupported(): never {
  throw new Error('only isValid is asked while resolving');
}

/** Root keywords that make rjsf resolve a schema by the form's keys rather than by conditions. */
const DATA_SHAPED = ['patternProperties', 'dependencies', 'dependentSchemas'];

/**
 * Every schema rjsf's retrieveSchema can resolve `root` to: each condition it asks about answered both
 * ways (the answers are all that data changes in it, given none of DATA_SHAPED).
 */
export function resolvedSchemas(root: JsonSchema, source: string): JsonSchema[] {
  const found = new Map<string, JsonSchema>();
  const pending: boolean[][] = [[]];
  while (pending.length) {
    if (found.size > MAX_SCHEMAS) throw new Error(`${source}: too many conditions to precompile`);
    const prefix = pending.pop()!;
    const answers: boolean[] = [];
    const scripted: ValidatorType = {
      isValid() {
        const answer = answers.length < prefix.length ? prefix[answers.length] : false;
        if (answers.length >= prefix.length) pending.push([...answers, true]);
        answers.push(answer);
        return answer;
      },
      validateFormData: unsupported,
      rawValidation: unsupported,
    };
    const schema = retrieveSchema(scripted, root as RJSFSchema, root as RJSFSchema, {}) as JsonSchema;
    const shaped = DATA_SHAPED.filter((keyword) => keyword in schema);
    if ('additionalProperties' in schema && schema.additionalProperties !== false)
      shaped.push('additionalProperties');
    if (shaped.length)
      throw new Error(
        `${source}: a form schema with ${shaped.join(', ')} cannot be precompiled (rjsf shapes it by the data)`,
      );
    found.set(schemaKey(schema), schema);
  }
  return [...found.values()];
}

/**
 * The parts of `root` rjsf asks isValid about. rjsf's schemaParser gives each an $id (its hash) when it
 * has none; that is taken off again, as rjsf asks about the part itself.
 */
export function isValidSchemas(root: JsonSchema): JsonSchema[] {
  return Object.entries(schemaParser(root as RJSFSchema)).map(([key, schema]) => {
    const { $id, ...rest } = schema as JsonSchema;
    return $id === key && hashForSchema(rest) === key ? rest : (schema as JsonSchema);
  });
}

function hasRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasRef);
  if (node && typeof node === 'object')
    return Object.entries(node).some(([key, value]) => key === '$ref' || hasRef(value));
  return false;
}

/**
 * rjsf's ajv (createAjvInstance: its options, data-url and color) with the formats and keywords the
 * server has: ajv-formats (the project's, not the copy rjsf brings along) and ours over them.
 */
export function formAjv(options: Options = {}, keywords: (ajv: Ajv) => Ajv = addValidators): Ajv {
  return createAjvInstance(undefined, undefined, options, false, undefined, (ajv) =>
    keywords(addFormats(ajv)),
  );
}

/**
 * The same ajv for standalone code: formats from one object the module defines (`__formats`),
 * keywords called with their value (`$data` allowed), `this` rather than a global `self` as the
 * keywords' context, and our keywords' functions named by code the generated module can resolve.
 */
function newStandaloneAjv(): Ajv {
  const options = { code: { source: true, formats: _`__formats` }, $data: true, passContext: true };
  return formAjv(options, (ajv) => {
    for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
    for (const definition of STANDALONE_KEYWORDS) {
      const keyword = String(definition.keyword);
      if (ajv.getKeyword(keyword)) continue;
      // ajv names a keyword's function by the function (scope values are shared by reference), so
      // naming it here first gives the generated code a way to reach it.
      if (definition.validate)
        ajv.scope.value('keyword', {
          ref: definition.validate,
          code: _`require(${KEYWORDS_MODULE})[${keyword}]`,
        });
      ajv.addKeyword(definition);
    }
    return ajv;
  });
}

// One of each for the whole build (made once: each takes a while); compiled functions are named
// apart in their instance, and each is written in a scope of its own.
let shared: { check: Ajv; standalone: Ajv } | undefined;
function ajvs() {
  if (!shared) {
    shared = { check: formAjv(), standalone: newStandaloneAjv() };
    checkFormats(shared.standalone);
  }
  return shared;
}

/** The formats the browser's `__formats` holds, by name: each must be the one the build compiled with. */
const BROWSER_FORMATS: Record<string, unknown> = {
  ...fullFormats,
  ...FORMATS,
  'data-url': DATA_URL_FORMAT_REGEX,
  color: COLOR_FORMAT_REGEX,
};

function checkFormats(ajv: Ajv): void {
  for (const [name, format] of Object.entries(ajv.formats)) {
    if (BROWSER_FORMATS[name] !== format)
      throw new Error(`format ${name} differs between the build and the browser`);
  }
}

/** A `$data` pointer is a value of run time: the run-time ajv checks the schema without it. */
function withoutPointers(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutPointers);
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node)
        .filter(([, value]) => !(value && typeof value === 'object' && '$data' in value))
        .map(([key, value]) => [key, withoutPointers(value)]),
    );
  }
  return node;
}

function hasPointer(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasPointer);
  if (node && typeof node === 'object') return '$data' in node || Object.values(node).some(hasPointer);
  return false;
}

const regExpCode = (re: RegExp) => `new RegExp(${JSON.stringify(re.source)}, ${JSON.stringify(re.flags)})`;

/** Collects compiled functions (of any ajv) and writes them as one ES module. */
class ModuleWriter {
  private readonly parts: string[] = [];
  private readonly names = new Map<ValidateFunction, string>();
  private readonly maps: Record<string, Record<string, string>> = {};

  add(map: string, key: string, validate: ValidateFunction, ajv: Ajv): void {
    let name = this.names.get(validate);
    if (!name) {
      name = `v${this.names.size}`;
      this.names.set(validate, name);
      const code = standaloneCode(ajv, validate).replace(
        /\brequire\(("[^"]*")\)/g,
        (_call, literal: string) => {
          const module = (JSON.parse(literal) as string).replace(/\.js$/, '');
          if (!RUNTIME_MODULES.includes(module))
            throw new Error(`a form validator needs ${module}, which the browser does not provide`);
          return `ajvRuntime(${JSON.stringify(module)})`;
        },
      );
      if (/\bself\b/.test(code)) throw new Error('a form validator refers to ajv as `self`');
      // ajv's CommonJS module in a function of its own: its names stay apart from the others'.
      this.parts.push(`const ${name} = ((module) => {${code}\nreturn module.exports;})({ exports: {} });`);
    }
    const entries = (this.maps[map] ??= {});
    if (entries[key] !== undefined && entries[key] !== name)
      throw new Error(`two validators for one schema key ${key}`);
    entries[key] = name;
  }

  code(runtimeModule: string): string {
    const maps = Object.entries(this.maps).map(
      ([map, entries]) =>
        `export const ${map} = {${Object.entries(entries)
          .map(([key, name]) => `${JSON.stringify(key)}: ${name}`)
          .join(', ')}};`,
    );
    return [
      `import { ajvRuntime } from ${JSON.stringify(runtimeModule)};`,
      `const __formats = { ...ajvRuntime(${JSON.stringify(FORMATS_MODULE)}), "data-url": ${regExpCode(DATA_URL_FORMAT_REGEX)}, color: ${regExpCode(COLOR_FORMAT_REGEX)} };`,
      ...this.parts,
      ...maps,
    ].join('\n');
  }
}

/**
 * The module of one form body: `form` (schemas validateFormData gets) and `valid` (schemas isValid
 * gets), each keyed by schemaKey. `runtimeModule` is how the module imports precompiled-runtime.ts.
 */
export function formModule(
  body: FormBody,
  entities: ReadonlyMap<string, JsonSchema>,
  source: string,
  runtimeModule: string,
): string {
  const writer = new ModuleWriter();
  const { check, standalone: ajv } = ajvs();
  const compiled = new Map<string, ValidateFunction>();
  const compile = (schema: JsonSchema) => {
    const key = schemaKey(schema);
    let validate = compiled.get(key);
    if (!validate) {
      check.compile(withoutPointers(schema) as AnySchemaObject);
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate;
  };
  for (const root of formSchemas(body, entities, source)) {
    const whole = [root, ...resolvedSchemas(root, source)];
    for (const schema of whole) writer.add('form', schemaKey(schema), compile(schema), ajv);
    // The form's own schemas among the parts are asked through `form` (with their dynamic values).
    const wholeKeys = new Set(whole.map(schemaKey));
    const parts = isValidSchemas(root).filter(
      (part) => !(hasPointer(part) && wholeKeys.has(schemaKey(part))),
    );
    if (parts.some(hasPointer))
      throw new Error(`${source}: a dynamic rule's value inside a condition cannot be precompiled`);
    if (!hasRef(root)) {
      for (const part of parts) writer.add('valid', schemaKey(part), compile(part), ajv);
      continue;
    }
    // As rjsf's validator does: a part's refs resolve against the form's schema (the entities it
    // refers to are its definitions), registered under rjsf's root id.
    const rootCheck = formAjv().addSchema(withoutPointers(root) as AnySchemaObject, ROOT_SCHEMA_PREFIX);
    const rootAjv = newStandaloneAjv().addSchema(root, ROOT_SCHEMA_PREFIX);
    for (const part of parts) {
      const prefixed = withIdRefPrefix(part as RJSFSchema) as AnySchemaObject;
      rootCheck.compile(prefixed);
      writer.add('valid', schemaKey(part), rootAjv.compile(prefixed), rootAjv);
    }
  }
  return writer.code(runtimeModule);
}

/** The module of attribute forms: `properties`, a validator per kind of attribute property. */
export function attributesModule(runtimeModule: string): string {
  const writer = new ModuleWriter();
  const { check, standalone: ajv } = ajvs();
  const shapes = new Map<string, JsonSchema>();
  for (const property of attributePropertyKinds()) {
    const { shape } = withEnumPointer(property);
    check.compile(property);
    shapes.set(schemaKey(shape), shape);
  }
  for (const [key, shape] of shapes) writer.add('properties', key, ajv.compile(shape), ajv);
  return writer.code(runtimeModule);
}

/** A form body's module name: `validate-` and where it is (`validate-change-mobile-step-0`). */
export function moduleName(source: string): string {
  return `validate-${source.replace(/\.yaml/, '').replace(/ steps\[(\d+)\]/, '-step-$1')}`;
}

/** Form bodies by their key (formBodyKey); equal bodies share the first one's module. */
export function formBodiesByKey(bodies: readonly FormBodySource[]): Map<string, FormBodySource> {
  const byKey = new Map<string, FormBodySource>();
  for (const found of bodies) {
    const key = formBodyKey(found.body);
    if (key !== ATTRIBUTES_KEY && !byKey.has(key)) byKey.set(key, found);
  }
  return byKey;
}
