/**
 * A form screen's formulas in the browser (FormBody.formulas): the same applyFormRules the server runs
 * (schemas/formulas), over the form's values as they change and with the browser's clock. A computed
 * field follows the values and cannot be typed in, a new record starts with its defaults, a hidden field
 * is neither shown nor validated, a failed rule shows on its field in the current language and blocks
 * saving. A form without formulas gets its values, uiSchema and validator back untouched.
 */
import { useCallback, useMemo } from 'react';
import type { UiSchema, ValidatorType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import {
  applyFormRules,
  describeRuleMessage,
  type AppliedRules,
  type FormRules,
} from '../../schemas/formulas/index.ts';
import { withFormulaUi } from './form-schema.ts';
import { withFormulaRules, type FormulaVerdict } from './form-validator.ts';
import type { FormMode } from './form-types.ts';

type Data = Record<string, unknown>;

export function applyFormulas(formulas: FormRules, data: Data, mode: FormMode): AppliedRules {
  return applyFormRules(formulas, data, { now: new Date(), mode: mode === 'new' ? 'create' : 'edit' });
}

/** The values with computed fields (and a new record's defaults) filled in. */
export function useFormulaValues(formulas: FormRules | undefined, mode: FormMode): (data: Data) => Data {
  return useCallback(
    (data: Data) => (formulas ? applyFormulas(formulas, data, mode).values : data),
    [formulas, mode],
  );
}

/** The uiSchema and validator of the form with its formulas over the current values. */
export function useFormulaChecks(
  formulas: FormRules | undefined,
  mode: FormMode,
  formData: Data,
  uiSchema: UiSchema,
  validator: ValidatorType | undefined,
): { uiSchema: UiSchema; validator: ValidatorType | undefined } {
  const { t, i18n } = useTranslation();
  // As a string: the uiSchema changes only when the set of hidden fields does.
  const hidden = useMemo(
    () => (formulas ? applyFormulas(formulas, formData, mode).hidden.join('\n') : ''),
    [formulas, formData, mode],
  );
  const ui = useMemo(
    () =>
      formulas
        ? withFormulaUi(uiSchema, Object.keys(formulas.computed ?? {}), hidden ? hidden.split('\n') : [])
        : uiSchema,
    [formulas, uiSchema, hidden],
  );
  const checked = useMemo(() => {
    if (!formulas || !validator) return validator;
    const verdict = (data: Data): FormulaVerdict => {
      const applied = applyFormulas(formulas, data, mode);
      // Asked at validation time, so a language switch needs no new validator.
      const language = i18n.resolvedLanguage ?? i18n.language;
      const translate = (key: string, params: Record<string, unknown>) => t(key, params);
      return {
        hidden: applied.hidden,
        errors: Object.fromEntries(
          Object.entries(applied.errors).map(([field, messages]) => [
            field,
            messages.map((message) => describeRuleMessage(message, language, translate)),
          ]),
        ),
      };
    };
    return withFormulaRules(validator, verdict);
  }, [formulas, validator, mode, t, i18n]);
  return { uiSchema: ui, validator: checked };
}
