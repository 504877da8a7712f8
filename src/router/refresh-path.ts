/** The refresh route (spec §2 main area: /refresh, hidden): where to go to reload a view. */
export const REFRESH_PATH = '/refresh';

export function refreshPathFor(fullPath: string): string {
  return `${REFRESH_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}
