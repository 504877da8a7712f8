/**
 * The designer's model of a data template (the request of dataTemplate.save), and what a change of
 * fields does to the stored rows: a field taken away or given another kind of column is a destructive
 * change the designer asks to confirm before it saves (the server refuses it unconfirmed anyway).
 */
import type { FormulaField } from '../../../schemas/formulas/index.ts';
import type { DataTemplateSaveBody } from '../../api/generated/operations.ts';

export type TemplateInput = DataTemplateSaveBody['template'];
export type FieldInput = TemplateInput['fields'][number];
export type FieldType = FieldInput['type'];
export type Texts = FieldInput['label'];

export const FIELD_TYPES: FieldType[] = [
  'string',
  'number',
  'integer',
  'date',
  'boolean',
  'option',
  'person',
  'org',
  'attachment',
];

export const sameText = (text: string): Texts => ({ 'zh-CN': text, 'zh-TW': text, en: text });

export function emptyTemplate(): TemplateInput {
  return {
    code: '',
    name: sameText(''),
    fields: [],
    formulas: { computed: {}, rules: [] },
    readRoles: [],
    writeRoles: [],
  };
}

/** The column kind of a field (as the server's ddl.ts): a change of it keeps the old data as a backup. */
function columnKind(type: FieldType): string {
  return ['number', 'integer', 'date', 'boolean'].includes(type) ? type : 'text';
}

/** The keys of the saved fields the edit removes or retypes. */
export function destructiveChanges(saved: readonly FieldInput[], edited: readonly FieldInput[]): string[] {
  const now = new Map(edited.map((f) => [f.key, columnKind(f.type)]));
  return saved.filter((f) => now.get(f.key) !== columnKind(f.type)).map((f) => f.key);
}

/** The fields as the formula editor lists them. */
export function formulaFieldsOf(fields: readonly FieldInput[], lang: keyof Texts): FormulaField[] {
  return fields
    .filter((f) => f.key)
    .map((f) => ({
      key: f.key,
      label: f.label[lang] || f.key,
      type: f.type === 'person' || f.type === 'org' || f.type === 'attachment' ? 'string' : f.type,
    }));
}
