/**
 * A formula error or a rule's message in the user's words. Pure: the browser passes i18next's `t`,
 * the server its own translate; a type named in an error (number, date…) is translated too.
 */
import type { FormRuleMessage } from './form-rules.ts';

export type Translate = (key: string, params: Record<string, unknown>) => string;

const TYPE_PARAMS = ['expected', 'found'];

/** The text of a `formula.error.*` key (or any key) with its params, types in words. */
export function describeFormulaError(
  error: { key: string; params: Record<string, string | number> },
  t: Translate,
): string {
  const params: Record<string, unknown> = { ...error.params };
  for (const name of TYPE_PARAMS)
    if (typeof params[name] === 'string') params[name] = t(`formula.type.${params[name]}`, {});
  return t(error.key, params);
}

/** A field's message from applyFormRules in `language` (a rule's own texts fall back to zh-CN). */
export function describeRuleMessage(message: FormRuleMessage, language: string, t: Translate): string {
  if (message.text) {
    const texts = message.text as Record<string, string | undefined>;
    return texts[language] ?? texts['zh-CN'] ?? '';
  }
  return describeFormulaError({ key: message.key ?? 'formula.error.ruleFailed', params: message.params }, t);
}
