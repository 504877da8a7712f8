/**
 * How a public page loads its data, so the server can render it too (server rendering, issue 25):
 * `usePublicLoad(key, load)` is useLoad with two more sources.
 * - On the server, a render collects each key it meets with its loader (`PageDataContext`, `collect`);
 *   the server runs them and renders again with their answers (`answers`), until nothing new is asked.
 * - In the browser, the answers the server embedded in the page (`<script id="page-data">`) serve the
 *   first render of the same key once, so hydration shows what the HTML showed and asks nothing again.
 * Every public page loads through this hook; a load that is not a page's content (a captcha) may use
 * useLoad directly.
 */
import { createContext, useContext, useState } from 'react';
import { useLoad, type LoadOptions, type Loaded } from '../../renderers/environment/use-load.ts';
import { PAGE_DATA_ELEMENT_ID } from './page-data-element.ts';

/** An answer as the page embeds it: the data, or the failure's message and state. */
export type PageAnswer = { data: unknown } | { error: { message: string; state: number } };

export interface PageDataSource {
  /** Answers by key, ready before this render. */
  answers: ReadonlyMap<string, PageAnswer>;
  /** On the server: called with each key this render needs and has no answer for. */
  collect?: (key: string, load: (signal: AbortSignal) => Promise<unknown>) => void;
}

export const PageDataContext = createContext<PageDataSource | null>(null);

export { PAGE_DATA_ELEMENT_ID };

let embedded: Map<string, PageAnswer> | undefined;

/** The answers the server put in this page, each given out once (a later visit to the key loads). */
function takeEmbedded(key: string): PageAnswer | undefined {
  if (typeof document === 'undefined') return undefined;
  if (!embedded) {
    embedded = new Map();
    const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
    if (text) {
      try {
        for (const [k, v] of Object.entries(JSON.parse(text) as Record<string, PageAnswer>))
          embedded.set(k, v);
      } catch {
        // A page without usable answers loads as a client-rendered page would.
      }
    }
  }
  const answer = embedded.get(key);
  embedded.delete(key);
  return answer;
}

/** A failure the server embedded, as the page's error shows it (its message, in the page's language). */
export class EmbeddedError extends Error {
  constructor(
    message: string,
    readonly state: number,
  ) {
    super(message);
  }
}

function settledFrom(answer: PageAnswer): { data: unknown; error: unknown } {
  return 'data' in answer
    ? { data: answer.data, error: undefined }
    : { data: undefined, error: new EmbeddedError(answer.error.message, answer.error.state) };
}

export function usePublicLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: LoadOptions = {},
): Loaded<T> {
  const source = useContext(PageDataContext);
  // The answer this component started with (embedded or server-side), for its first key only.
  const [seed] = useState(() => {
    if (key === null) return undefined;
    const answer = source?.answers.get(key) ?? takeEmbedded(key);
    return answer ? { key, ...settledFrom(answer) } : undefined;
  });
  const [reloaded, setReloaded] = useState(false);
  // Once the key moves on, the seed is spent: coming back to its key loads afresh.
  if (seed && key !== seed.key && !reloaded) setReloaded(true);
  const seeded = !!seed && !reloaded && seed.key === key;
  // On the server: an answer of this render's rounds, or the key collected for the next round.
  const served = source?.collect && key !== null && !seeded ? source.answers.get(key) : undefined;
  if (source?.collect && key !== null && !seeded && !served) source.collect(key, load);
  const loaded = useLoad<T>(seeded || served ? null : key, load, options);
  if (served) {
    const settled = settledFrom(served);
    return { data: settled.data as T, error: settled.error, loading: false, reload: () => undefined };
  }
  if (seeded) {
    return {
      data: seed.data as T,
      error: seed.error,
      loading: false,
      reload: () => setReloaded(true),
    };
  }
  // Leaving the seeded key with keepPrevious: the seeded answer stays until the next one comes.
  if (options.keepPrevious && loaded.data === undefined && seed && key !== null && loaded.loading)
    return { ...loaded, data: seed.data as T };
  return loaded;
}
