/** Names of the built-in actions (registered in builtins/); the schema check reads this list too. */
export const BUILTIN_ACTIONS = [
  'api',
  'dialog',
  'drawer',
  'navigate',
  'refresh',
  'download',
  'close',
] as const;

export type BuiltinActionName = (typeof BUILTIN_ACTIONS)[number];
