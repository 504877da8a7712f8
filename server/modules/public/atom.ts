/**
 * A small Atom 1.0 (RFC 4287) writer for the publications feed: every text is XML-escaped and characters
 * XML 1.0 forbids are dropped, so a company name can never break the document.
 */
export interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  link: string;
  summary?: string;
  category?: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  selfLink: string;
  link: string;
  entries: AtomEntry[];
}

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function atomXml(feed: AtomFeed): string {
  const e = xmlEscape;
  const entries = feed.entries.map(
    (x) =>
      `  <entry>\n` +
      `    <id>${e(x.id)}</id>\n` +
      `    <title>${e(x.title)}</title>\n` +
      `    <updated>${e(x.updated)}</updated>\n` +
      `    <link rel="alternate" type="text/html" href="${e(x.link)}"/>\n` +
      (x.category ? `    <category term="${e(x.category)}"/>\n` : '') +
      (x.summary ? `    <summary type="text">${e(x.summary)}</summary>\n` : '') +
      `  </entry>\n`,
  );
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n` +
    `<feed xmlns="http://www.w3.org/2005/Atom">\n` +
    `  <id>${e(feed.id)}</id>\n` +
    `  <title>${e(feed.title)}</title>\n` +
    `  <updated>${e(feed.updated)}</updated>\n` +
    `  <link rel="self" type="application/atom+xml" href="${e(feed.selfLink)}"/>\n` +
    `  <link rel="alternate" type="text/html" href="${e(feed.link)}"/>\n` +
    `  <author><name>${e(feed.title)}</name></author>\n` +
    entries.join('') +
    `</feed>\n`
  );
}
