/**
 * Stored rich text (a decision's full text, a news item) shown after DOMPurify has cleaned it. The
 * sanitiser loads only with the first such page, so the list pages do not carry it.
 */
import { useEffect, useState } from 'react';

type Sanitise = (html: string) => string;
let sanitiser: Promise<Sanitise> | undefined;
const loadSanitiser = () =>
  (sanitiser ??= import('dompurify').then(
    ({ default: purify }) =>
      (html: string) =>
        purify.sanitize(html),
  ));

export function RichText({ html }: { html: string }) {
  const [clean, setClean] = useState<string>();
  useEffect(() => {
    let live = true;
    void loadSanitiser().then((sanitise) => {
      if (live) setClean(sanitise(html));
    });
    return () => {
      live = false;
    };
  }, [html]);
  // Sanitised on the server when stored and again here: the page never trusts stored HTML.
  return clean === undefined ? null : (
    <div className="pub-rich" dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
