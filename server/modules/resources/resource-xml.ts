/**
 * A subsystem's resource tree as XML, both ways. Export writes every field that has a value, children
 * nested in their order, so exporting what an import wrote gives the same text (round trip exact).
 * Import refuses anything but the plain format: no DOCTYPE or entity declarations at all (no external
 * entities, no entity expansion), well-formed only, bounded size, depth and count, every node checked
 * like a form save before anything is written.
 */
import type * as FastXmlParser from 'fast-xml-parser';
import { lazyRequire } from '../../lazy-require.ts';
import { isKey } from '../../../schemas/validators/text.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';

const xml = lazyRequire<typeof FastXmlParser>('fast-xml-parser');

export interface XmlResource {
  alias: string;
  name: string;
  type: 'menu' | 'button' | 'link';
  icon: string | null;
  path: string | null;
  screen: string | null;
  openType: string;
  defaultUrl: string | null;
  hidden: boolean;
  permissions: string[];
  children: XmlResource[];
}

export const XML_LIMITS = { bytes: 2 * 1024 * 1024, nodes: 5000, depth: 16 };

const escape = (v: string) =>
  v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;');

function attributes(r: XmlResource): string {
  const pairs: [string, string | null][] = [
    ['alias', r.alias],
    ['name', r.name],
    ['type', r.type],
    ['icon', r.icon],
    ['path', r.path],
    ['screen', r.screen],
    ['openType', r.openType],
    ['defaultUrl', r.defaultUrl],
    ['hidden', r.hidden ? 'true' : null],
    ['permissions', r.permissions.length ? r.permissions.join(',') : null],
  ];
  return pairs
    .filter((p): p is [string, string] => p[1] !== null)
    .map(([k, v]) => ` ${k}="${escape(v)}"`)
    .join('');
}

export function resourcesToXml(roots: XmlResource[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<resources>'];
  const write = (r: XmlResource, indent: string) => {
    if (!r.children.length) return lines.push(`${indent}<resource${attributes(r)}/>`);
    lines.push(`${indent}<resource${attributes(r)}>`);
    for (const c of r.children) write(c, `${indent}  `);
    return lines.push(`${indent}</resource>`);
  };
  for (const r of roots) write(r, '  ');
  lines.push('</resources>', '');
  return lines.join('\n');
}

const bad = (reason: string, params: Record<string, unknown> = {}) =>
  new ApiError(Code.ILLEGAL_REQUEST, `resource.xml.${reason}`, params);

const ATTRS = new Set([
  'alias',
  'name',
  'type',
  'icon',
  'path',
  'screen',
  'openType',
  'defaultUrl',
  'hidden',
  'permissions',
]);
const PERMISSION = /^[a-z][A-Za-z]*:[a-z][A-Za-z]*$/;

type Parsed = Record<string, unknown>;

function toResource(node: Parsed, depth: number, count: { n: number }, aliases: Set<string>): XmlResource {
  if (depth > XML_LIMITS.depth) throw bad('tooDeep', { limit: XML_LIMITS.depth });
  if (++count.n > XML_LIMITS.nodes) throw bad('tooMany', { limit: XML_LIMITS.nodes });
  const attrs = (node[':@'] ?? {}) as Record<string, string>;
  for (const k of Object.keys(attrs)) if (!ATTRS.has(k)) throw bad('unknownAttribute', { name: k });
  const alias = attrs.alias ?? '';
  if (!isKey(alias)) throw bad('alias', { alias });
  if (aliases.has(alias)) throw bad('duplicateAlias', { alias });
  aliases.add(alias);
  const name = (attrs.name ?? '').trim();
  if (!name || [...name].length > 64) throw bad('name', { alias });
  const type = (attrs.type ?? 'menu') as XmlResource['type'];
  if (!['menu', 'button', 'link'].includes(type)) throw bad('type', { alias });
  const permissions = attrs.permissions ? attrs.permissions.split(',') : [];
  const wrong = permissions.find((p) => !PERMISSION.test(p));
  if (wrong !== undefined) throw bad('permission', { alias, permission: wrong });
  if (attrs.hidden !== undefined && attrs.hidden !== 'true' && attrs.hidden !== 'false')
    throw bad('hidden', { alias });
  const children: XmlResource[] = [];
  for (const child of (node.resource ?? []) as Parsed[]) {
    const [tag] = Object.keys(child).filter((k) => k !== ':@');
    if (tag === '#text') continue;
    if (tag !== 'resource') throw bad('unknownElement', { name: tag });
    children.push(toResource(child, depth + 1, count, aliases));
  }
  return {
    alias,
    name,
    type,
    icon: attrs.icon ?? null,
    path: attrs.path ?? null,
    screen: attrs.screen ?? null,
    openType: attrs.openType ?? 'tab',
    defaultUrl: attrs.defaultUrl ?? null,
    hidden: attrs.hidden === 'true',
    permissions,
    children,
  };
}

export function xmlToResources(text: string): XmlResource[] {
  if (Buffer.byteLength(text, 'utf8') > XML_LIMITS.bytes) throw bad('tooLarge', { limit: '2 MB' });
  // No document type at all: that is where external entities and entity bombs live.
  if (/<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST/i.test(text)) throw bad('doctype');
  const valid = xml().XMLValidator.validate(text);
  if (valid !== true) throw bad('malformed', { line: valid.err.line, message: valid.err.msg });
  const parser = new (xml().XMLParser)({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: true,
    htmlEntities: false,
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
  });
  const doc = parser.parse(text) as Parsed[];
  const roots = doc.filter((n) => Object.keys(n).some((k) => k !== ':@' && k !== '#text'));
  if (roots.length !== 1 || !('resources' in roots[0])) throw bad('root');
  const count = { n: 0 };
  const aliases = new Set<string>();
  const out: XmlResource[] = [];
  for (const child of (roots[0].resources ?? []) as Parsed[]) {
    const [tag] = Object.keys(child).filter((k) => k !== ':@');
    if (tag === '#text') continue;
    if (tag !== 'resource') throw bad('unknownElement', { name: tag });
    out.push(toResource(child, 1, count, aliases));
  }
  return out;
}
