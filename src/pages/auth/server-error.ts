/**
 * The line a public form shows under its fields when its silent save failed: the server's reason when
 * the call got an answer, else the form's own "failed" text. Null while there is no failure.
 */
import { isApiCallError } from '../../api/api-call-error.ts';

export function serverErrorText(error: unknown, fallback: () => string): string | null {
  if (error === undefined) return null;
  return isApiCallError(error) ? error.text : fallback();
}
