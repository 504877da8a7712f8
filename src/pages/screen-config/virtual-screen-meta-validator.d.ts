/** tools/vite-screen-meta-validator.ts: the screen meta-schemas compiled at build time (ajv standalone). */
declare module 'virtual:screen-meta-validator' {
  import type { ValidateFunction } from 'ajv';

  /** schemas/meta/screen.schema.json: what every kind shares. */
  export const validateScreen: ValidateFunction;
  /** schemas/meta/screen-kinds/<kind>.schema.json, by kind. */
  export const validateKind: Readonly<Record<string, ValidateFunction>>;
}
