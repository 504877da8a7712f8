/**
 * Stored rich text (a decision's full text, a news item) shown after DOMPurify has cleaned it. The
 * sanitiser loads only with the first such page, so the list pages do not carry it. A server render
 * (server-render.tsx) is given the server's own sanitiser, so the text is in the page's HTML; the
 * browser keeps that markup while hydrating and puts DOMPurify's result in when it is ready.
 */
import { createContext, useContext } from 'react';
import { useLoad } from '../../renderers/environment/use-load.ts';

type Sanitise = (html: string) => string;
let sanitiser: Promise<Sanitise> | undefined;
const loadSanitiser = () =>
  (sanitiser ??= import('dompurify').then(
    ({ default: purify }) =>
      (html: string) =>
        purify.sanitize(html),
  ));

/** The server's sanitiser, during a server render only. */
export const ServerSanitiserContext = createContext<Sanitise | null>(null);

export function RichText({ html }: { html: string }) {
  const serverSanitise = useContext(ServerSanitiserContext);
  const clean = useLoad(serverSanitise ? null : html, () =>
    loadSanitiser().then((sanitise) => sanitise(html)),
  ).data;
  // Sanitised on the server when stored and again here: the page never trusts stored HTML. Until the
  // browser's sanitiser answers, the element stays (empty on a client render; a hydrated one keeps the
  // server's markup, which React does not compare).
  return (
    <div
      className="pub-rich"
      dangerouslySetInnerHTML={{ __html: serverSanitise ? serverSanitise(html) : (clean ?? '') }}
      suppressHydrationWarning
    />
  );
}
