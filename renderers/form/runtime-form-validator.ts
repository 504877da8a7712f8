/**
 * A form validator compiled in the browser (ajv compiles with `new Function`), for forms the build did
 * not precompile: the fixtures of tests and Storybook give it to the renderer environment as
 * `compileFormValidator`. The app never imports it (its Content Security Policy allows no eval).
 * It is the ajv the build compiles with (tools/form-validators/): rjsf's, with ajv-formats and ours.
 */
import type { ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { addFormatsAndValidators, type Translate } from '../../schemas/validators.ts';
import { rjsfLocalizer } from './form-validator.ts';

// One validator per translate function (the environment's is stable), built on first use.
const validators = new WeakMap<Translate, ValidatorType>();

export function runtimeFormValidator(translate: Translate): ValidatorType {
  let validator = validators.get(translate);
  if (!validator) {
    validator = customizeValidator(
      { ajvFormatOptions: false, extenderFn: addFormatsAndValidators },
      rjsfLocalizer(translate),
    );
    validators.set(translate, validator);
  }
  return validator;
}
