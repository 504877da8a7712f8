/**
 * What a page says about itself beyond its body: its title, its canonical address and its HTTP status.
 * In the browser the hooks set the document's head; on the server (server-render.tsx) a render writes
 * them to the sink it is given, and the server puts them in the HTML it answers.
 */
import { createContext, useContext, useEffect } from 'react';

export interface Head {
  title?: string;
  canonical?: string;
  status?: number;
}

/** Where a server render writes what it learns of the page's head (server-render.tsx keeps it). */
export type HeadSink = (part: Head) => void;

export const HeadContext = createContext<HeadSink | null>(null);

export function useDocumentTitle(text: string): void {
  const sink = useContext(HeadContext);
  sink?.({ title: text });
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** The page's one address (`/publicityIndex/case/…`): search engines and shares name this one. */
export function useCanonical(path: string | null): void {
  const sink = useContext(HeadContext);
  if (path) sink?.({ canonical: path });
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!path) {
      link?.remove();
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    link.href = new URL(path, window.location.origin).href;
  }, [path]);
}

/** A page that is not there answers 404 when the server renders it. */
export function useStatus(status: number): void {
  const sink = useContext(HeadContext);
  sink?.({ status });
}
