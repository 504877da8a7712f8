/**
 * The form's validator: the project's formats and keywords (schemas/validators/, the same rules the
 * server applies) with errors turned into translated texts. The localizer asks i18n at validation
 * time, so a language switch needs no new validator.
 *
 * The app's forms run validators compiled at build time (precompiled-validator.ts): the browser
 * compiles nothing, as its Content Security Policy allows no eval. A form the build did not see (a
 * test's or a story's fixture) is compiled at run time by the environment's `compileFormValidator`,
 * which only the fixtures provide.
 */
import type { RJSFValidationError, ValidatorType } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { createLocalizer, type Translate } from '../../schemas/validators/messages.ts';
import type { RendererEnvironment } from '../environment/environment-types.ts';
import type { DynamicRule } from './form-types.ts';
import { PrecompiledFormValidator, type PrecompiledValidators } from './precompiled-validator.ts';

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

export interface FormValidatorSource {
  /** The environment's translate (asked at validation time). */
  translate: RendererEnvironment['translate'];
  /** The form body's precompiled validators, when the build made them. */
  precompiled?: PrecompiledValidators;
  /** The form's dynamic rules and the values loaded for them. */
  dynamicRules?: readonly DynamicRule[];
  dynamic?: Record<string, Record<string, unknown>>;
  /** Compiles at run time (fixtures only). */
  compile?: RendererEnvironment['compileFormValidator'];
}

/** The form's validator, or undefined when it has neither precompiled validators nor a compiler. */
export function formValidator({
  translate,
  precompiled,
  dynamicRules,
  dynamic,
  compile,
}: FormValidatorSource): ValidatorType | undefined {
  if (precompiled)
    return new PrecompiledFormValidator({
      validators: precompiled,
      localizer: rjsfLocalizer(translate),
      dynamicRules,
      dynamic,
    });
  return compile?.(translate);
}

/**
 * `if`/`then` failures repeat, at the form level, what the `required` error inside them already says
 * on the field; the form shows errors beside fields only.
 */
export function fieldErrorsOnly(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.filter((error) => error.name !== 'if');
}
