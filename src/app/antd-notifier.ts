/**
 * The api client's notifier as antd messages. antd's message code loads on the first message, not
 * with the login page.
 */
import type { Notifier } from '../api/notifier.ts';

const loadMessage = () => import('antd/es/message').then((m) => m.default);

export const antdNotifier: Notifier = {
  warning: (text, seconds) => void loadMessage().then((message) => message.warning(text, seconds)),
  error: (text, seconds) => void loadMessage().then((message) => message.error(text, seconds)),
};
