/**
 * Sign-in and the session's own calls, gathered by area:
 * - login.ts: authentication/apply (password, authorization code, refresh token), mobile and ticket
 *   logins, our own authorization codes (authorize/apply, authorize/applyByApp);
 * - session-handlers.ts: user/context, logout, unlock check, SSO logout address, captcha, open flags;
 * - acting.ts: acting as another user and its exit;
 * - sms-handlers.ts: SMS code sends and checks, the mobile change.
 * Passwords, registration and tenant switching are in ../users/handlers.ts.
 */
import { hashPassword } from '../../auth/passwords.ts';
import { defineHandlers } from '../../http/handler.ts';
import { actingHandlers } from './acting.ts';
import { loginHandlers } from './login.ts';
import { sessionHandlers } from './session-handlers.ts';
import { smsHandlers } from './sms-handlers.ts';

export { hashPassword };

export const authHandlers = defineHandlers({
  ...loginHandlers,
  ...sessionHandlers,
  ...actingHandlers,
  ...smsHandlers,
});
