/**
 * Which validator a form body gets: the functions the build compiled for it (every form of the screen
 * files), else the interpreter (interpreted-validator.ts) for a body the build never saw, such as a
 * version a configurator published at run time. The interpreter's module is imported only then, so the
 * files' forms never download it.
 */
import type { ValidatorType } from '@rjsf/utils';
import type { Translate } from '../../schemas/validators/messages.ts';
import type { FormBody } from './form-types.ts';
import { loadPrecompiledValidators, type PrecompiledValidators } from './precompiled-validator.ts';

export interface FormValidators {
  /** The build's functions for this body. */
  precompiled?: PrecompiledValidators;
  /** Without them: the interpreted validator, translating with the given function. */
  interpret?: (translate: Translate) => ValidatorType;
}

export async function loadFormValidators(body: FormBody): Promise<FormValidators> {
  const precompiled = await loadPrecompiledValidators(body);
  if (precompiled) return { precompiled };
  const { interpretedFormValidator } = await import('./interpreted-validator.ts');
  return { interpret: interpretedFormValidator };
}
