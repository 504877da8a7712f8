/**
 * The form's validator: rjsf's ajv with the project's formats and keywords (schemas/validators.ts,
 * the same rules the server applies) and errors turned into translated texts. The localizer asks
 * i18n at validation time, so a language switch needs no new validator.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFValidationError, ValidatorType } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { addValidators, createLocalizer, type Translate } from '../../schemas/validators.ts';

// One validator per translate function (the environment's is stable), built on first use.
const validators = new WeakMap<Translate, ValidatorType>();

const QUOTED = ['missingProperty', 'property'] as const;
const unquote = (value: unknown) =>
  typeof value === 'string' && value.length >= 2 && value.startsWith("'") && value.endsWith("'")
    ? value.slice(1, -1)
    : value;

/**
 * rjsf hands the localizer its errors with missingProperty quoted ('mobile') and unquotes them
 * afterwards; our messages pick per-property overrides (errorMessage.required.mobile) by the bare
 * name, so the names are bare while we translate and quoted again for rjsf.
 */
export function rjsfLocalizer(translate: Translate): (errors?: ErrorObject[] | null) => void {
  const localize = createLocalizer(translate);
  return (errors) => {
    const saved = (errors ?? []).map((error) => QUOTED.map((key) => error.params?.[key] as unknown));
    for (const error of errors ?? []) {
      for (const key of QUOTED)
        if (error.params?.[key] !== undefined) error.params[key] = unquote(error.params[key]);
    }
    localize(errors);
    (errors ?? []).forEach((error, i) =>
      QUOTED.forEach((key, k) => {
        if (saved[i][k] !== undefined) error.params[key] = saved[i][k];
      }),
    );
  };
}

/** `translate` is asked at validation time (the renderer environment's), so a language switch needs no new validator. */
export function formValidator(translate: Translate): ValidatorType {
  let validator = validators.get(translate);
  if (!validator) {
    validator = customizeValidator({ extenderFn: addValidators }, rjsfLocalizer(translate));
    validators.set(translate, validator);
  }
  return validator;
}

/**
 * `if`/`then` failures repeat, at the form level, what the `required` error inside them already says
 * on the field; the form shows errors beside fields only.
 */
export function fieldErrorsOnly(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.filter((error) => error.name !== 'if');
}
