/**
 * Message HTML on the server: an allowlist of what the compose editor (Tiptap starter kit) produces, so
 * what the database holds is safe to show; the browser sanitises again (DOMPurify) before display.
 * Scripts, event handlers, styles, iframes and javascript: links are dropped.
 */
import type SanitizeHtml from 'sanitize-html';
import { lazyRequire } from '../../lazy-require.ts';

const sanitizeHtml = lazyRequire<typeof SanitizeHtml>('sanitize-html');

const options = (): SanitizeHtml.IOptions => ({
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'code',
    'pre',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'hr',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Dropped with their text: a script's source is never shown as text either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: sanitizeHtml().simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
});
let OPTIONS: SanitizeHtml.IOptions | undefined;

export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml()(html, (OPTIONS ??= options())).trim();
}
