/**
 * The Content Security Policy violations a page reports: Chromium's console message for each refusal
 * ("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source… Content
 * Security Policy…") and the documents' `securitypolicyviolation` events, from the document open now
 * and every one the page loads later. A test asserts there are none after using the app.
 */
import type { Page } from 'playwright-core';

type Recorded = Window & { __cspViolations?: string[] };

function listen(): void {
  const page = window as Recorded;
  if (page.__cspViolations) return;
  const seen: string[] = [];
  page.__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(
      `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
    );
  });
}

/** Starts recording; the function it gives answers what was reported so far. */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(listen);
  await page.evaluate(listen);
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as Recorded).__cspViolations ?? [])),
  ];
}
