/** The app's own api client for end-to-end tests, on a browser a test has marked before the app starts. */

declare global {
  interface Window {
    /** Set by the end-to-end tests before the app starts (page.addInitScript). */
    __MF_E2E__?: boolean;
    /** Calls go through the refresh queue like any screen's. */
    __mfApi?: { call(id: string, args?: { query?: object; body?: unknown }): Promise<unknown> };
  }
}

// Gives nothing a script in the page could not do with fetch; the call helpers load only when used.
export function installE2eHook(): void {
  if (typeof window === 'undefined' || !window.__MF_E2E__) return;
  window.__mfApi = {
    call: (id, args) => import('./call.ts').then(({ callOperation }) => callOperation(id, args)),
  };
}
