/** tools/vite-form-validators.ts: each form body's precompiled validators, by formBodyKey. */
declare module 'virtual:form-validators' {
  import type { PrecompiledValidators } from './precompiled-validator.ts';

  export const formValidatorModules: Readonly<Record<string, () => Promise<PrecompiledValidators>>>;
}
