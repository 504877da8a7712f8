/**
 * What would break a screen at run time, found before it is drawn so the user sees a readable panel
 * instead of a crash or a dead button: an action nobody registered, an operation the catalogue does
 * not have, an expression that does not parse, a text key no locale has. (The schema check finds these and more at build time;
 * this guards screens given at run time and files edited without running it.)
 */
import { isKnownAction } from './actions/known-actions.ts';
import { expressionProblem } from './expression/index.ts';
import type { RendererEnvironment } from './environment/environment-types.ts';
import { ScreenError } from './screen-error.ts';
import type { ScreenDefinition } from './screen-types.ts';

/** Keys whose value, when it looks like a translation key, must be one (as the schema check says). */
const TEXT_KEYS = new Set([
  'title',
  'label',
  'message',
  'confirm',
  'success',
  'tooltip',
  'placeholder',
  'help',
]);
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;

/** Keys whose string value is an expression (a boolean is taken as written). */
export const EXPRESSION_KEYS = new Set(['visible', 'disabled']);

function walk(
  node: unknown,
  path: string,
  visit: (key: string, value: unknown, path: string) => string | null,
): string | null {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const found = walk(node[i], `${path}/${i}`, visit);
      if (found) return found;
    }
    return null;
  }
  if (!node || typeof node !== 'object') return null;
  for (const [key, value] of Object.entries(node)) {
    const here = `${path}/${key}`;
    const found = visit(key, value, here) ?? walk(value, here, visit);
    if (found) return found;
  }
  return null;
}

export function runtimeScreenProblem(
  name: string,
  screen: ScreenDefinition,
  environment: Pick<RendererEnvironment, 'isOperation' | 'hasText'>,
): ScreenError | null {
  const detail = walk(screen, '', (key, value, path) => {
    if (typeof value !== 'string') return null;
    if (key === 'operation' && !environment.isOperation(value)) return `${path}: unknown operation ${value}`;
    // An action is an object with a `type` inside an actions list (toolbar, rowActions, actions…).
    if (
      key === 'type' &&
      /\/(toolbar|rowActions|actions|footer)\/\d+\/type$/.test(path) &&
      !isKnownAction(value)
    )
      return `${path}: unknown action ${value}`;
    // Only once the texts are loaded: before that every key would look missing.
    if (TEXT_KEYS.has(key) && KEY_PATTERN.test(value) && environment.hasText(value) === false)
      return `${path}: missing translation ${value}`;
    if (EXPRESSION_KEYS.has(key)) {
      const problem = expressionProblem(value);
      if (problem) return `${path}: ${problem}`;
    }
    return null;
  });
  return detail ? new ScreenError('invalid', { name, detail }) : null;
}
