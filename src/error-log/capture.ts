/**
 * Where errors come from: window 'error' (scripts and failed resources), 'unhandledrejection', and
 * React's root callbacks for errors caught by any error boundary (the shell's and the screens') and
 * for uncaught ones. Installed once by the entry before the first render.
 */
import type { ErrorInfo } from 'react';
import type { RootOptions } from 'react-dom/client';
import { pushErrorLog, type ErrorReport } from './error-log-store.ts';

/** Browser noise that is not an error of the app. */
const IGNORED = [/ResizeObserver loop/i, /^Script error\.?$/];

function textOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  if (reason && typeof reason === 'object' && 'message' in reason)
    return String((reason as { message: unknown }).message);
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

function record(report: ErrorReport): void {
  if (IGNORED.some((pattern) => pattern.test(report.message))) return;
  pushErrorLog(report);
}

/** The innermost component named in a React component stack ("at EmployeeList (…)"). */
export function componentOf(stack: string | null | undefined): string | undefined {
  const match = /^\s*(?:at\s+)?([A-Za-z_$][\w$.]*)/m.exec(stack ?? '');
  return match?.[1];
}

let installed = false;

export function installErrorCapture(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener(
    'error',
    (event: Event) => {
      if (event instanceof ErrorEvent) {
        record({ message: textOf(event.error ?? event.message), type: 'error' });
        return;
      }
      // A script, stylesheet or image that failed to load (captured: these events do not bubble).
      const element = event.target as { src?: string; href?: string; tagName?: string } | null;
      if (element && element !== (target as unknown) && (element.src || element.href)) {
        record({
          message: `${element.tagName?.toLowerCase() ?? 'resource'} failed to load: ${element.src || element.href}`,
          type: 'resource',
        });
      }
    },
    true,
  );
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    record({ message: textOf(event.reason), type: 'promise' });
  });
}

function fromReact(error: unknown, info: ErrorInfo): void {
  record({ message: textOf(error), type: 'react', component: componentOf(info.componentStack) });
}

/** createRoot options: errors React catches in boundaries, and those it does not. */
export const errorLogRootOptions: RootOptions = {
  onCaughtError: (error, info) => {
    fromReact(error, info);
    console.error(error);
  },
  onUncaughtError: (error, info) => {
    fromReact(error, info);
    console.error(error);
  },
};
