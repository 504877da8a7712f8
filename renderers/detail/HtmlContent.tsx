/** Rich text from the server, sanitised with DOMPurify before it reaches the page. */
import DOMPurify from 'dompurify';

export function HtmlContent({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
  return <div className="screen-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}

export default HtmlContent;
