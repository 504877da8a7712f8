/**
 * Actions by name, as a screen's toolbar, row and footer buttons name them (`type: api`,
 * `type: dialog`, …, or a domain action such as `session.switchUser` registered from src/).
 * A new action is one registerAction call.
 */
import type { ScreenDefinition } from '../screen-types.ts';

/** Everything an action may read or drive. Built by the screen that runs it. */
export interface ActionContext {
  /** The action's own definition from the screen file (its params, confirm text, target…). */
  action: ActionDefinition;
  /** The row the action was clicked on, if any. */
  record?: Record<string, unknown>;
  /** Selected rows of a list or selector. */
  selection?: Record<string, unknown>[];
  /** Current form values of a form screen. */
  form?: Record<string, unknown>;
  /** The screen running the action. */
  screen?: ScreenDefinition;
  /** Re-reads the running screen's data. */
  refresh?: () => void;
  /** Closes the dialog or drawer the screen sits in. */
  close?: (result?: unknown) => void;
}

export interface ActionDefinition {
  /** Registered action name. */
  type: string;
  /** Translation key of the button label. */
  label?: string;
  [key: string]: unknown;
}

export type ActionHandler = (ctx: ActionContext) => Promise<unknown> | unknown;

const actions = new Map<string, ActionHandler>();

export function registerAction(name: string, handler: ActionHandler): void {
  if (actions.has(name)) throw new Error(`Action "${name}" is registered twice`);
  actions.set(name, handler);
}

export function actionHandler(name: string): ActionHandler | undefined {
  return actions.get(name);
}

export function registeredActions(): string[] {
  return [...actions.keys()].sort();
}
