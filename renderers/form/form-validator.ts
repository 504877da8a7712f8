/**
 * The form's validator: the project's formats and keywords (schemas/validators/, the same rules the
 * server applies) with errors turned into translated texts. The localizer asks i18n at validation
 * time, so a language switch needs no new validator.
 *
 * The app's forms run validators compiled at build time (precompiled-validator.ts): the browser
 * compiles nothing, as its Content Security Policy allows no eval. A form the build did not see is
 * compiled at run time by the environment's `compileFormValidator` where one is given (a test's or a
 * story's fixture), else interpreted (interpreted-validator.ts: a version published at run time).
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
  /** The interpreted validator, loaded for a form body without precompiled validators. */
  interpret?: (translate: Translate) => ValidatorType;
}

/** The form's validator, or undefined when it has neither precompiled validators, a compiler nor the interpreter. */
export function formValidator({
  translate,
  precompiled,
  dynamicRules,
  dynamic,
  compile,
  interpret,
}: FormValidatorSource): ValidatorType | undefined {
  if (precompiled)
    return new PrecompiledFormValidator({
      validators: precompiled,
      localizer: rjsfLocalizer(translate),
      dynamicRules,
      dynamic,
    });
  return compile?.(translate) ?? interpret?.(translate);
}

/**
 * `if`/`then` failures repeat, at the form level, what the `required` error inside them already says
 * on the field; the form shows errors beside fields only.
 */
export function fieldErrorsOnly(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.filter((error) => error.name !== 'if');
}

/** What a form's formulas say of some values: the hidden fields, and each field's messages, translated. */
export interface FormulaVerdict {
  hidden: readonly string[];
  errors: Readonly<Record<string, readonly string[]>>;
}

/** The first property name of an rjsf error's `property` ('.items.0.amount' → items). */
const fieldOf = (property: string | undefined) => /^\.?([^.[]+)/.exec(property ?? '')?.[1];

/**
 * The validator with a form's formulas on top: the errors of hidden fields dropped (a field the user
 * cannot see must not block saving), each failed rule added to its field. Everything else is the
 * wrapped validator's.
 */
export function withFormulaRules(
  validator: ValidatorType,
  verdict: (data: Record<string, unknown>) => FormulaVerdict,
): ValidatorType {
  return {
    validateFormData(formData, schema, customValidate, transformErrors, uiSchema) {
      const result = validator.validateFormData(formData, schema, customValidate, transformErrors, uiSchema);
      const { hidden, errors } = verdict((formData ?? {}) as Record<string, unknown>);
      const errorSchema = { ...result.errorSchema } as Record<string, { __errors?: string[] }>;
      for (const name of hidden) delete errorSchema[name];
      const list = result.errors.filter((error) => !hidden.includes(fieldOf(error.property) ?? ''));
      for (const [name, messages] of Object.entries(errors)) {
        if (!messages.length) continue;
        errorSchema[name] = {
          ...errorSchema[name],
          __errors: [...(errorSchema[name]?.__errors ?? []), ...messages],
        };
        for (const message of messages)
          list.push({
            name: 'formula',
            property: `.${name}`,
            message,
            stack: `.${name} ${message}`,
            params: {},
            schemaPath: '',
          });
      }
      return { errors: list, errorSchema: errorSchema as typeof result.errorSchema };
    },
    isValid: (schema, formData, rootSchema) => validator.isValid(schema, formData, rootSchema),
    rawValidation: (schema, formData) => validator.rawValidation(schema, formData),
    reset: () => validator.reset?.(),
  };
}
