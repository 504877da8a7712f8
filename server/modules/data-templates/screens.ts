/**
 * The screens of a template, generated from its definition in the screen vocabulary of schemas/screens
 * (the spec's code generation): a list (`dt-<code>-list`, over dataTemplate.row.query with the template
 * as its filter), a form (`dt-<code>-form`, carrying the template's formulas, so the form computes and
 * refuses as the server does) and a detail (`dt-<code>-detail`). These are version 0 of each screen,
 * as a file is of a file's screen: a configurator edits and publishes them as any screen
 * (screen-config/screen-sources.ts). The template's texts are written inline in the three languages
 * (schemas/inline-texts.ts), so one definition serves every reader. Buttons that write are taken out
 * for a caller without the template's write grant (readOnlyView); the server checks it again on every call.
 */
import {
  nameKeyOf,
  REFERENCE_TYPES,
  type DataTemplate,
  type LocalText,
  type TemplateField,
} from './definition.ts';

type Screen = Record<string, unknown>;

export const screenNames = (code: string) => ({
  list: `dt-${code}-list`,
  form: `dt-${code}-form`,
  detail: `dt-${code}-detail`,
});

/** The route that edits a row (spec: /platform/dataTemplate/form). */
export const FORM_ROUTE = '/platform/dataTemplate/form';

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

// The labels are the form's fields' (an inline text is no JSON Schema title).
function jsonSchemaOf(f: TemplateField): Record<string, unknown> {
  const base = {};
  switch (f.type) {
    case 'number':
      return { ...base, type: ['number', 'null'], minimum: f.minimum, maximum: f.maximum };
    case 'integer':
      return { ...base, type: ['integer', 'null'], minimum: f.minimum, maximum: f.maximum };
    case 'boolean':
      return { ...base, type: ['boolean', 'null'] };
    case 'date':
      return { ...base, type: ['string', 'null'], format: 'date' };
    case 'option':
      return { ...base, type: ['string', 'null'], enum: [...(f.options ?? []).map((o) => o.value), null] };
    case 'string':
      return { ...base, type: ['string', 'null'], minLength: f.minLength, maxLength: f.maxLength };
    default:
      return { ...base, type: ['string', 'null'], maxLength: 64 };
  }
}

const formatterOf = (f: TemplateField) =>
  f.type === 'date'
    ? { formatter: 'date' }
    : f.type === 'boolean'
      ? { formatter: 'yesno' }
      : f.type === 'string'
        ? { formatter: 'truncate' }
        : {};

export type GeneratedKind = 'list' | 'form' | 'detail';
export const GENERATED_KINDS: readonly GeneratedKind[] = ['list', 'form', 'detail'];

/** The template and kind of a generated screen's name (dt-meetingMinutes-list), else undefined. */
export function generatedScreenOf(name: string): { code: string; kind: GeneratedKind } | undefined {
  const m = /^dt-([a-z][a-zA-Z0-9]{0,39})-(list|form|detail)$/.exec(name);
  return m ? { code: m[1]!, kind: m[2] as GeneratedKind } : undefined;
}

/** A text in the three languages, empty ones as zh-CN's (an inline text has all three). */
const text = (l: LocalText): LocalText => ({
  'zh-CN': l['zh-CN'],
  'zh-TW': l['zh-TW'] || l['zh-CN'],
  en: l.en || l['zh-CN'],
});

export function generateScreens(t: DataTemplate): Record<GeneratedKind, Screen> {
  const code = literal(t.code);
  const optionsOf = (f: TemplateField) =>
    (f.options ?? []).map((o) => ({ value: o.value, label: text(o.label) }));
  const computed = new Set(Object.keys(t.formulas.computed ?? {}));

  const list: Screen = {
    kind: 'list',
    title: text(t.name),
    operation: 'dataTemplate.row.query',
    rowKey: 'id',
    selection: 'multiple',
    filters: [{ key: 'template', value: code }],
    search: {
      fields: t.fields
        .filter((f) => f.type === 'string' || f.type === 'option')
        .map((f) =>
          f.type === 'option'
            ? { field: f.key, label: text(f.label), type: 'OPTION', options: optionsOf(f) }
            : { field: f.key, label: text(f.label), type: 'STRING' },
        ),
    },
    columns: [
      ...t.fields.map((f) => ({
        // A person, organisation or file shows by its name (the row carries it beside the id).
        field: REFERENCE_TYPES.has(f.type) ? nameKeyOf(f.key) : f.key,
        title: text(f.label),
        width: 140,
        ...(REFERENCE_TYPES.has(f.type) ? {} : { sortable: true }),
        ...(f.type === 'option' ? { formatter: 'enum', options: optionsOf(f) } : formatterOf(f)),
      })),
      {
        field: 'updateTime',
        title: 'dataTemplate.column.updateTime',
        width: 170,
        formatter: 'datetime',
        sortable: true,
      },
    ],
    toolbar: [
      {
        type: 'navigate',
        label: 'action.add',
        icon: 'PlusOutlined',
        primary: true,
        to: FORM_ROUTE,
        query: { template: code },
      },
      {
        type: 'api',
        label: 'action.remove',
        icon: 'DeleteOutlined',
        danger: true,
        selection: 'multiple',
        confirm: 'dataTemplate.confirmRemove',
        operation: 'dataTemplate.row.remove',
        query: { template: code, ids: 'selection.id' },
        success: 'action.removeSuccess',
      },
    ],
    rowActions: [
      {
        type: 'navigate',
        label: 'action.edit',
        to: FORM_ROUTE,
        query: { template: code, id: 'record.id' },
      },
    ],
  };

  const form: Screen = {
    kind: 'form',
    title: text(t.name),
    schema: {
      type: 'object',
      required: t.fields.filter((f) => f.required).map((f) => f.key),
      properties: Object.fromEntries(t.fields.map((f) => [f.key, jsonSchemaOf(f)])),
    },
    load: { operation: 'dataTemplate.row.get', query: { template: code, id: 'params.id' } },
    layout: { columns: 2 },
    fields: t.fields.map((f) => ({
      name: f.key,
      label: text(f.label),
      ...(f.type === 'option' ? { widget: 'select', options: optionsOf(f) } : {}),
      ...(f.type === 'org' ? { widget: 'orgPicker' } : {}),
      // One person, searched by name; one file, uploaded or chosen: the value is its id.
      ...(f.type === 'person'
        ? { widget: 'peopleSearch', widgetOptions: { shape: 'commaList', maxCount: 1 } }
        : {}),
      ...(f.type === 'attachment'
        ? { widget: 'attachmentSelector', widgetOptions: { storage: 'id', limit: 1 } }
        : {}),
      ...(computed.has(f.key) ? { readonly: true } : {}),
    })),
    formulas: t.formulas,
    submit: {
      operation: 'dataTemplate.row.save',
      query: { template: code },
      // The form's values as they are: the row's own columns (id, times) that came with it are ignored.
      body: { id: 'params.id', values: 'form' },
      afterSave: 'stay',
    },
  };

  const detail: Screen = {
    kind: 'detail',
    title: text(t.name),
    operation: 'dataTemplate.row.get',
    query: { template: code, id: 'params.id' },
    fields: t.fields.map((f) => ({
      field: REFERENCE_TYPES.has(f.type) ? nameKeyOf(f.key) : f.key,
      label: text(f.label),
      ...(f.type === 'option' ? { formatter: 'enum', options: optionsOf(f) } : formatterOf(f)),
    })),
  };
  return { list, form, detail };
}

const WRITES = new Set(['dataTemplate.row.save', 'dataTemplate.row.remove']);
const writes = (action: unknown): boolean => {
  const a = action as { operation?: unknown; to?: unknown };
  return (typeof a.operation === 'string' && WRITES.has(a.operation)) || a.to === FORM_ROUTE;
};

/**
 * A list or detail as a reader without the write grant sees it: no button that writes or opens the
 * form, no row selection. Applied to what is drawn (a configurator's version too), never stored.
 */
export function readOnlyView(screen: Screen): Screen {
  const out: Screen = { ...screen };
  for (const key of ['toolbar', 'rowActions', 'actions'] as const)
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).filter((a) => !writes(a));
  if (out.kind === 'list') out.selection = 'none';
  return out;
}
