/**
 * The public pages rendered on the server (issue 25): a visitor without JavaScript, a search engine or
 * a slow phone gets the page's content in its HTML, and the browser then hydrates it (main.tsx).
 * Built on its own (`vite build -c vite.ssr.config.ts` → dist-ssr/public-render.js) and loaded by the
 * server (server/http/public-render.ts), which hands it a way to call its own operations.
 *
 * A render finds the data its page needs by rendering: each `usePublicLoad` it meets without an answer
 * is collected, the loads run (through the server's own request handling), and the page renders again
 * with their answers, until nothing new is asked (a few rounds at most: a list, then what its answer
 * asks for).
 */
import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';
import { PublicApiError, setApiLanguage, setTransport } from './api.ts';
import { HeadContext, type Head } from './head.ts';
import { loadLanguage, type Language } from './i18n.ts';
import { PageDataContext, type PageAnswer } from './page-data.ts';
import { ServerSanitiserContext } from './RichText.tsx';

export interface RenderRequest {
  path: string;
  search: string;
  language: Language;
}

export interface RenderedPage {
  /** The markup of the root element's content. */
  html: string;
  /** The answers the page was rendered with, for the browser's hydration (page-data.ts). */
  data: Record<string, PageAnswer>;
  title?: string;
  canonical?: string;
  status: number;
}

export interface RendererOptions {
  /** Calls one of the server's operations as the browser would (path under /api, fetch's init). */
  call: (url: string, init: RequestInit) => Promise<Response>;
  /** The server's HTML sanitiser (stored rich text is shown through it). */
  sanitise: (html: string) => string;
  /** Rounds of render → load; a page needing more is sent as rendered so far (the browser loads the rest). */
  maxRounds?: number;
}

type Load = (signal: AbortSignal) => Promise<unknown>;

function answerOf(result: PromiseSettledResult<unknown>): PageAnswer {
  if (result.status === 'fulfilled') return { data: result.value };
  const error = result.reason;
  return {
    error: {
      message: error instanceof Error ? error.message : String(error),
      state: error instanceof PublicApiError ? error.state : 500,
    },
  };
}

export function createPublicRenderer({ call, sanitise, maxRounds = 4 }: RendererOptions) {
  setTransport(call);
  return async function render(request: RenderRequest, signal?: AbortSignal): Promise<RenderedPage> {
    await loadLanguage(request.language);
    const answers = new Map<string, PageAnswer>();
    const place = { path: request.path, query: new URLSearchParams(request.search) };
    let head: Head = {};
    let html = '';
    for (let round = 0; round < maxRounds; round += 1) {
      const wanted = new Map<string, Load>();
      const seen: Head = {};
      head = seen;
      html = renderToString(
        <HeadContext.Provider value={(part) => Object.assign(seen, part)}>
          <ServerSanitiserContext.Provider value={sanitise}>
            <PageDataContext.Provider value={{ answers, collect: (key, load) => wanted.set(key, load) }}>
              <App place={place} language={request.language} />
            </PageDataContext.Provider>
          </ServerSanitiserContext.Provider>
        </HeadContext.Provider>,
      );
      if (wanted.size === 0) break;
      // The language is read when each call starts; they all start here, before anything else runs.
      setApiLanguage(request.language);
      const controller = new AbortController();
      signal?.addEventListener('abort', () => controller.abort(), { once: true });
      const keys = [...wanted.keys()];
      const results = await Promise.allSettled([...wanted.values()].map((load) => load(controller.signal)));
      if (signal?.aborted) throw new Error('render aborted');
      keys.forEach((key, i) => answers.set(key, answerOf(results[i])));
    }
    return {
      html,
      data: Object.fromEntries(answers),
      title: head.title,
      canonical: head.canonical,
      status: head.status ?? 200,
    };
  };
}

export type PublicRender = ReturnType<typeof createPublicRenderer>;
