/**
 * Which action names a screen may use: the built-ins, the domain actions listed in
 * domain-actions.json (registered from src/ at app start) and anything registered at run time.
 */
import { BUILTIN_ACTIONS } from './builtin-names.ts';
import domainActions from './domain-actions.json';
import { actionHandler } from './registry.ts';

export const DOMAIN_ACTIONS: readonly string[] = domainActions;

export function isKnownAction(name: string): boolean {
  return (
    (BUILTIN_ACTIONS as readonly string[]).includes(name) ||
    DOMAIN_ACTIONS.includes(name) ||
    !!actionHandler(name)
  );
}
