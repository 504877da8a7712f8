/**
 * The screens of a template, generated from its definition in the screen vocabulary of schemas/screens
 * (the spec's code generation): a list (`dt-<code>-list`, over dataTemplate.row.query with the template
 * as its filter), a form (`dt-<code>-form`, carrying the template's formulas, so the form computes and
 * refuses as the server does) and a detail (`dt-<code>-detail`). Texts are the template's own, in the
 * reader's language (a stored screen names locale keys; a template's texts are its own, so these
 * screens are served per language rather than stored). Buttons that write appear only for a caller
 * holding the template's write grant; the server checks it again on every call.
 */
import type { DataTemplate, LocalText, TemplateField } from './definition.ts';

type Screen = Record<string, unknown>;

export const screenNames = (code: string) => ({
  list: `dt-${code}-list`,
  form: `dt-${code}-form`,
  detail: `dt-${code}-detail`,
});

/** The route that edits a row (spec: /platform/dataTemplate/form). */
export const FORM_ROUTE = '/platform/dataTemplate/form';

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

function jsonSchemaOf(f: TemplateField, label: string): Record<string, unknown> {
  const base = { title: label };
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

export function generateScreens(
  t: DataTemplate,
  lang: keyof LocalText,
  canWrite: boolean,
): { list: Screen; form: Screen; detail: Screen } {
  const text = (l: LocalText) => l[lang] ?? l['zh-CN'];
  const code = literal(t.code);
  const optionsOf = (f: TemplateField) =>
    (f.options ?? []).map((o) => ({ value: o.value, label: text(o.label) }));
  const computed = new Set(Object.keys(t.formulas.computed ?? {}));

  const list: Screen = {
    kind: 'list',
    title: text(t.name),
    operation: 'dataTemplate.row.query',
    rowKey: 'id',
    selection: canWrite ? 'multiple' : 'none',
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
        field: f.key,
        title: text(f.label),
        width: 140,
        sortable: true,
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
    toolbar: canWrite
      ? [
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
        ]
      : [],
    rowActions: canWrite
      ? [
          {
            type: 'navigate',
            label: 'action.edit',
            to: FORM_ROUTE,
            query: { template: code, id: 'record.id' },
          },
        ]
      : [],
  };

  const form: Screen = {
    kind: 'form',
    title: text(t.name),
    schema: {
      type: 'object',
      required: t.fields.filter((f) => f.required).map((f) => f.key),
      properties: Object.fromEntries(t.fields.map((f) => [f.key, jsonSchemaOf(f, text(f.label))])),
    },
    load: { operation: 'dataTemplate.row.get', query: { template: code, id: 'params.id' } },
    layout: { columns: 2 },
    fields: t.fields.map((f) => ({
      name: f.key,
      label: text(f.label),
      ...(f.type === 'option' ? { widget: 'select', options: optionsOf(f) } : {}),
      ...(f.type === 'org' ? { widget: 'orgPicker' } : {}),
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
      field: f.key,
      label: text(f.label),
      ...(f.type === 'option' ? { formatter: 'enum', options: optionsOf(f) } : formatterOf(f)),
    })),
  };
  return { list, form, detail };
}
