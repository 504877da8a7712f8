/**
 * A subsystem's logo: an image address (http, https or a path of this site) or inline SVG markup. The SVG
 * is parsed, not pattern-matched: no DOCTYPE or entities, an svg root, and nothing that runs or loads
 * (script, foreignObject, event attributes, javascript:/data: or external references).
 */
import type * as FastXmlParser from 'fast-xml-parser';
import { lazyRequire } from '../../lazy-require.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';

const xml = lazyRequire<typeof FastXmlParser>('fast-xml-parser');

export const SVG_MAX_BYTES = 64 * 1024;
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'use',
  'image',
  'a',
]);

const refuse = (reason: string) =>
  new ApiError(Code.ILLEGAL_REQUEST, `subsystem.logo.${reason}`, {}, [{ field: 'logo', reason }]);

type Node = Record<string, unknown>;

function walk(nodes: Node[]): void {
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node)) {
      if (key === ':@') {
        for (const [attr, v] of Object.entries(value as Record<string, string>)) {
          if (/^on/i.test(attr)) throw refuse('unsafe');
          if (/^\s*(javascript|data|vbscript):/i.test(String(v))) throw refuse('unsafe');
          if (/href$/i.test(attr) && !String(v).startsWith('#')) throw refuse('unsafe');
        }
        continue;
      }
      if (key === '#text') continue;
      if (FORBIDDEN_ELEMENTS.has(key.toLowerCase().replace(/^.*:/, ''))) throw refuse('unsafe');
      walk(value as Node[]);
    }
  }
}

export function checkedLogo(logo: string | null | undefined, logoType: 'svg' | 'image'): string | null {
  const value = logo?.trim();
  if (!value) return null;
  if (logoType === 'image') {
    if (!/^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/i.test(value)) throw refuse('image');
    return value;
  }
  if (Buffer.byteLength(value) > SVG_MAX_BYTES) throw refuse('tooLarge');
  if (/<!DOCTYPE|<!ENTITY/i.test(value) || xml().XMLValidator.validate(value) !== true) throw refuse('svg');
  const doc = new (xml().XMLParser)({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    processEntities: false,
    ignoreDeclaration: true,
  }).parse(value) as Node[];
  const roots = doc.filter((n) => Object.keys(n).some((k) => k !== ':@' && k !== '#text'));
  if (roots.length !== 1 || !('svg' in roots[0])) throw refuse('svg');
  walk(roots);
  return value;
}
