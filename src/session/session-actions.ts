/**
 * Domain actions of the session, for screens (renderers/actions/registry.ts):
 * - `session.switchUser`: act as the employee of the row (or the one selected row); asks why first,
 *   since the server keeps the reason in the acting audit.
 * Imported by src/app/app-actions.ts, which every page but the login page loads before it renders.
 */
import { registerAction, actionHandler, type ActionContext } from '../../renderers/actions/registry.ts';
import { t } from '../i18n/i18n.ts';

export const SWITCH_USER_ACTION = 'session.switchUser';

function targetOf(ctx: ActionContext): Record<string, unknown> | undefined {
  if (ctx.record) return ctx.record;
  return ctx.selection?.length === 1 ? ctx.selection[0] : undefined;
}

export async function runSwitchUser(ctx: ActionContext): Promise<boolean> {
  const target = targetOf(ctx);
  const warn = (text: string) => (ctx.ui ? ctx.ui.warning(text) : console.warn(text));
  if (!target) {
    warn(t(ctx.selection && ctx.selection.length > 1 ? 'acting.selectOnlyOne' : 'acting.selectOne'));
    return false;
  }
  const account = typeof target.account === 'string' ? target.account.trim() : '';
  if (!account) {
    warn(t('acting.noAccount'));
    return false;
  }
  const name = typeof target.name === 'string' ? target.name : account;
  const { askToSwitch } = await import('./SwitchUserDialog.tsx');
  return askToSwitch({ account, name });
}

// Registered once, even when a test or story imports this module again.
if (!actionHandler(SWITCH_USER_ACTION)) registerAction(SWITCH_USER_ACTION, runSwitchUser);
