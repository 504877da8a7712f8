/**
 * Stored rich text (a decision's full text, a news item) shown after DOMPurify has cleaned it. The
 * sanitiser loads only with the first such page, so the list pages do not carry it.
 */
import { useLoad } from '../../renderers/environment/use-load.ts';

type Sanitise = (html: string) => string;
let sanitiser: Promise<Sanitise> | undefined;
const loadSanitiser = () =>
  (sanitiser ??= import('dompurify').then(
    ({ default: purify }) =>
      (html: string) =>
        purify.sanitize(html),
  ));

export function RichText({ html }: { html: string }) {
  const clean = useLoad(html, () => loadSanitiser().then((sanitise) => sanitise(html))).data;
  // Sanitised on the server when stored and again here: the page never trusts stored HTML.
  return clean === undefined ? null : (
    <div className="pub-rich" dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
