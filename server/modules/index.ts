/** Every handler, keyed by operation id. An operation without one answers 501 'unsupported'. */
import type { HandlerMap } from './handler.ts';
import { authHandlers } from './auth/handlers.ts';
import { employeeHandlers } from './employees/handlers.ts';
import { resourceHandlers } from './resources/handlers.ts';
import { userHandlers } from './users/handlers.ts';

export const allHandlers: HandlerMap = {
  ...authHandlers,
  ...userHandlers,
  ...resourceHandlers,
  ...employeeHandlers,
};
