/**
 * How the api client talks to the user. The app plugs in antd's message (see NotifierBridge); until
 * then, and in tests, messages go to the console.
 */
export interface Notifier {
  warning(text: string, seconds: number): void;
  error(text: string, seconds: number): void;
}

export const consoleNotifier: Notifier = {
  warning: (text) => console.warn(text),
  error: (text) => console.error(text),
};

let current: Notifier = consoleNotifier;

export function setNotifier(notifier: Notifier): void {
  current = notifier;
}

/** Always delegates to the notifier plugged in at the time of the call. */
export const notifier: Notifier = {
  warning: (text, seconds) => current.warning(text, seconds),
  error: (text, seconds) => current.error(text, seconds),
};
