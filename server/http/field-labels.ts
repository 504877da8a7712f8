/**
 * Fields named in words: a refused request says 「收件人: …」, never `receiverIds: …`. Labels are keyed by
 * property name (`field.label.<name>` in locales/<language>/field.yaml), since the same names recur across
 * operations; tests/schemas/request-field-labels.test.ts keeps a label for every request property of the
 * catalogue. A path such as `sorts.0.field` reads 「排序 › 第 1 项 › 排序字段」.
 */
import { hasText, translate, type Language } from './i18n.ts';

/** One segment of a dotted path in words: an array index as 「第 n 项」, a known name by its label. */
function segmentLabel(segment: string, lang: Language): string {
  if (/^\d+$/.test(segment)) return translate(lang, 'field.item', { n: Number(segment) + 1 });
  // A name the catalogue does not know (a key the caller made up, in an open object) is the caller's own
  // text, not one of our codes: said as sent.
  return /^[\w$-]+$/.test(segment) && hasText(`field.label.${segment}`)
    ? translate(lang, `field.label.${segment}`)
    : segment;
}

/** A dotted field path (as validation errors name fields; '' or '(root)' for the whole request) in words. */
export function fieldLabel(path: string, lang: Language): string {
  if (!path || path === '(root)') return translate(lang, 'field.root');
  return path
    .split('.')
    .map((segment) => segmentLabel(segment, lang))
    .join(' › ');
}

export interface LabelledFieldError {
  /** Dotted path of the value, for forms: `partyEmployeePo.password`. */
  field: string;
  /** The field in words, for people: 「员工信息 › 密码」. */
  label: string;
  message: string;
}

/** The details line of server.invalidRequest: 「收件人: 数据类型不正确; …」. */
export function detailsText(fields: readonly { label: string; message: string }[]): string {
  return fields.map((f) => `${f.label}: ${f.message}`).join('; ');
}

/**
 * A cause that lists field errors ({field, message}, as handlers raise them) with each field's label
 * added, so every such answer names fields in words; any other cause is returned as it is.
 */
export function withFieldLabels(cause: unknown, lang: Language): unknown {
  if (!Array.isArray(cause)) return cause;
  return cause.map((item) =>
    item &&
    typeof item === 'object' &&
    typeof (item as { field?: unknown }).field === 'string' &&
    typeof (item as { message?: unknown }).message === 'string' &&
    !('label' in item)
      ? { ...item, label: fieldLabel((item as { field: string }).field, lang) }
      : item,
  );
}
