/**
 * From an entity schema and a screen's fields to what rjsf draws: the JSON Schema of the visible
 * fields (with the entity's rules, conditionals pruned to those fields) and the uiSchema (translated
 * labels, widgets, tooltips, grid spans, disabled/read-only). Pure: the controller calls it whenever
 * a condition changes, and tests call it directly.
 */
import type { UiSchema } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { evaluateCondition, type Scope } from '../expression/index.ts';
import { ScreenError } from '../screen-error.ts';
import type { JsonSchema } from './entity-bundle.ts';
import type { FieldDefinition, FormLayout } from './form-types.ts';

export interface FieldState {
  visible: boolean;
  disabled: boolean;
  readonly: boolean;
  required: boolean;
}

export function fieldStates(fields: readonly FieldDefinition[], scope: Scope): Record<string, FieldState> {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      {
        visible: evaluateCondition(field.visible, scope, true),
        disabled: evaluateCondition(field.disabled, scope, false),
        readonly: evaluateCondition(field.readonly, scope, false),
        required: evaluateCondition(field.required, scope, false),
      },
    ]),
  );
}

/** Keywords of a JSON Schema that hold a sub-schema, or a list or map of them. */
const SUBSCHEMA = ['if', 'then', 'else', 'not', 'items', 'additionalItems', 'contains'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];

/**
 * Drops, at the object level of a schema, every reference to a property that is not shown: required
 * entries, sameAs pairs, notBlank lists. A hidden field must not fail validation the user cannot see.
 */
export function pruneToFields(node: JsonSchema, keep: ReadonlySet<string>): JsonSchema {
  const out: JsonSchema = { ...node };
  if (Array.isArray(out.required)) out.required = (out.required as string[]).filter((p) => keep.has(p));
  if (Array.isArray(out.notBlank)) out.notBlank = (out.notBlank as string[]).filter((p) => keep.has(p));
  if (out.sameAs && typeof out.sameAs === 'object') {
    const pairs = Object.entries(out.sameAs as Record<string, string>).filter(
      ([property, other]) => keep.has(property) && keep.has(other),
    );
    if (pairs.length) out.sameAs = Object.fromEntries(pairs);
    else delete out.sameAs;
  }
  for (const key of SUBSCHEMA) {
    const sub = out[key];
    if (sub && typeof sub === 'object' && !Array.isArray(sub) && key !== 'items') {
      out[key] = pruneToFields(sub as JsonSchema, keep);
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((sub) => pruneToFields(sub as JsonSchema, keep));
  }
  return out;
}

/** Entity texts (title, description) are notes for developers, in English: the screen's labels replace them. */
function withoutDocs(schema: JsonSchema): JsonSchema {
  const out = { ...schema };
  delete out.title;
  delete out.description;
  return out;
}

/** A form without fields. */
export const EMPTY_SCHEMA: JsonSchema = { type: 'object', properties: {} };

/** The entity's schema with the screen's inline schema over it (its properties added, its required joined). */
export function mergeBase(entity: JsonSchema | undefined, inline: JsonSchema | undefined): JsonSchema {
  if (!entity) return inline ?? EMPTY_SCHEMA;
  if (!inline) return entity;
  return {
    ...entity,
    properties: { ...(entity.properties as object), ...(inline.properties as object) },
    required: [
      ...new Set([...((entity.required as string[]) ?? []), ...((inline.required as string[]) ?? [])]),
    ],
  };
}

export interface BuildSchemaInput {
  /** The entity (bundled) or the screen's inline schema, or both merged (entity first). */
  base: JsonSchema;
  fields: readonly FieldDefinition[];
  states: Record<string, FieldState>;
  /** Keywords added at run time per field (the server's password policy). */
  dynamic?: Record<string, Record<string, unknown>>;
  /** The screen name, for errors. */
  screen: string;
}

export function buildFormSchema({
  base,
  fields,
  states,
  dynamic = {},
  screen,
}: BuildSchemaInput): JsonSchema {
  const baseProperties = (base.properties ?? {}) as Record<string, JsonSchema>;
  const visible = fields.filter((field) => states[field.name]?.visible !== false);
  const keep = new Set(visible.map((field) => field.name));
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  for (const field of visible) {
    const own = field.schema ?? baseProperties[field.name];
    if (!own) throw new ScreenError('invalid', { name: screen, detail: `unknown field ${field.name}` });
    properties[field.name] = withoutDocs({ ...own, ...field.rules, ...dynamic[field.name] });
    if (states[field.name]?.required) required.add(field.name);
  }
  const rest = pruneToFields(withoutDocs(base), keep);
  for (const name of (rest.required as string[] | undefined) ?? []) required.add(name);
  delete rest.properties;
  delete rest.required;
  return {
    ...rest,
    type: 'object',
    properties,
    ...(required.size ? { required: [...required] } : {}),
  };
}

/** rjsf's own widget names; anything else must be a registered widget. */
export const RJSF_WIDGETS = [
  'text',
  'password',
  'email',
  'url',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'updown',
  'range',
  'date',
  'datetime',
  'hidden',
] as const;

/** A schema rjsf cannot hand to a widget by itself (objects, unions): our WidgetField does. */
export function needsWidgetField(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'object' || schema.anyOf || schema.oneOf || schema.$ref) return true;
  return Array.isArray(schema.type) && schema.type.includes('object');
}

export function columnsOf(layout: FormLayout | undefined): number {
  const columns = Math.trunc(layout?.columns ?? 1);
  return Math.min(Math.max(columns, 1), 4);
}

export function buildUiSchema(
  fields: readonly FieldDefinition[],
  states: Record<string, FieldState>,
  schema: JsonSchema,
  layout: FormLayout | undefined,
  t: TFunction,
): UiSchema {
  const columns = columnsOf(layout);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const ui: UiSchema = { 'ui:order': [...fields.map((f) => f.name).filter((n) => n in properties), '*'] };
  for (const field of fields) {
    if (!(field.name in properties)) continue;
    const state = states[field.name];
    const entry: Record<string, unknown> = {
      'ui:options': {
        ...field.widgetOptions,
        span: Math.min(Math.max(field.span ?? 1, 1), columns),
        ...(field.tooltip ? { tooltip: t(field.tooltip) } : {}),
        // Keyed by value, so the entity's enum order (and values the screen does not list) still work.
        ...(field.options
          ? { enumNames: Object.fromEntries(field.options.map((o) => [String(o.value), t(o.label)])) }
          : field.optionTexts
            ? { enumNames: field.optionTexts }
            : {}),
      },
    };
    if (field.labelText !== undefined) entry['ui:title'] = field.labelText;
    else if (field.label) entry['ui:title'] = t(field.label);
    else entry['ui:label'] = false;
    if (field.widget) {
      entry['ui:widget'] = field.widget;
      if (needsWidgetField(properties[field.name])) entry['ui:field'] = 'widgetField';
    }
    if (field.placeholder) entry['ui:placeholder'] = t(field.placeholder);
    if (field.help) entry['ui:help'] = t(field.help);
    if (state?.disabled) entry['ui:disabled'] = true;
    if (state?.readonly) entry['ui:readonly'] = true;
    ui[field.name] = entry;
  }
  return ui;
}

/**
 * The uiSchema with a form's formulas applied: computed fields read-only, fields whose `visible`
 * formula is false hidden (rjsf's hidden widget, which the grid leaves out). The JSON Schema does not
 * change, so the validators the build precompiled still apply; the hidden fields' errors are dropped
 * by the validator instead (form-validator.ts withFormulaRules).
 */
export function withFormulaUi(
  uiSchema: UiSchema,
  computed: readonly string[],
  hidden: readonly string[],
): UiSchema {
  if (!computed.length && !hidden.length) return uiSchema;
  const ui: UiSchema = { ...uiSchema };
  for (const name of computed) ui[name] = { ...ui[name], 'ui:readonly': true };
  for (const name of hidden) ui[name] = { ...ui[name], 'ui:widget': 'hidden' };
  return ui;
}
