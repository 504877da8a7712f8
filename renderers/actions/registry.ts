/**
 * Actions by name, as a screen's toolbar, row and footer buttons name them (`type: api`,
 * `type: dialog`, …, or a domain action such as `session.switchUser` registered from src/).
 * A new action is one registerAction call. The built-ins (api, dialog, drawer, navigate, refresh,
 * download, close) register in builtins.ts; a domain action registers from a module of src/ named
 * `*-actions.ts` imported at app start, and its name goes into domain-actions.json, which the schema
 * check reads (a screen naming an action nobody registers is a schema error).
 */
import type { TFunction } from 'i18next';
import type { DataSource } from '../data-source.tsx';
import type { ActionUi, ScreenDialogOptions } from '../environment/environment-types.ts';

export type { ActionUi };
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
  // —— Filled in by useRunAction (renderers/actions/useRunAction.ts) ——
  /** Parameters the running screen was opened with (dialog params, route query). */
  params?: Record<string, unknown>;
  /** What expressions call `session`: isSuper, isTenantAdmin, userId, account, tenantId, switchAccount… */
  session?: Record<string, unknown>;
  /** Where the screen gets its data; actions call operations through it too. */
  dataSource?: DataSource;
  t?: TFunction;
  /** Moves the app to another route (react-router), when the screen runs inside one. */
  navigate?: (to: string) => void;
  /** Talking to the user; antd's message and Modal in the app, recorded in tests. */
  ui?: ActionUi;
  /** Opens a screen in a dialog or drawer (the renderer environment's). */
  openDialog?: (options: ScreenDialogOptions) => Promise<unknown>;
}

export interface ActionDefinition {
  /** Registered action name. */
  type: string;
  /** Translation key of the button label. */
  label?: string;
  /** @ant-design/icons name, e.g. PlusOutlined. */
  icon?: string;
  /** Translation key of a question asked first (interpolates the record's fields and `count`). */
  confirm?: string;
  /** Expression: the button shows only when true (default shown). */
  visible?: string | boolean;
  /** The permission the action needs (schemas/api/README.md 'Permissions'); hidden without it. */
  permission?: string;
  /** Expression: the button is greyed out when true. */
  disabled?: string | boolean;
  /** Selection rule: `single` warns on none or several selected rows, `multiple` on none. */
  selection?: 'none' | 'single' | 'multiple';
  /** Button style: primary, danger. */
  primary?: boolean;
  danger?: boolean;
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
