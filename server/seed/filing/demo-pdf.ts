/**
 * A one-page PDF of Chinese text for the demo's filing documents, written by hand: the font is the
 * standard Adobe-GB1 STSong-Light, named and not embedded (a reader draws it with a Chinese system font;
 * pdf.js needs its character maps, which the build ships: vite.config.ts), so a document is a few
 * hundred bytes instead of carrying megabytes of font. Text is UTF-16 through the UniGB-UCS2-H encoding.
 */

const PAGE = { width: 595, height: 842 }; // A4 in points
const MARGIN = 64;

/** The text as UniGB-UCS2-H codes: four hex digits per UTF-16 unit (the Basic Multilingual Plane). */
function ucs2Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex}>`;
}

/** Lines no wider than the page: every character is drawn one em wide (the font's default width). */
function wrap(line: string, perLine: number): string[] {
  if (!line) return [''];
  const parts: string[] = [];
  for (let i = 0; i < line.length; i += perLine) parts.push(line.slice(i, i + perLine));
  return parts;
}

/**
 * A PDF with a title and paragraphs. Enough for a reader to see what a case file looks like; not a
 * general PDF writer (one page: what does not fit is cut).
 */
export function demoPdf(title: string, paragraphs: string[]): Uint8Array {
  const body = 12;
  const perLine = Math.floor((PAGE.width - 2 * MARGIN) / body);
  const lines: string[] = [];
  for (const p of paragraphs) lines.push(...wrap(p, perLine));
  const maxLines = Math.floor((PAGE.height - 2 * MARGIN - 60) / (body * 1.8));
  const content = [
    'BT',
    `/F1 20 Tf ${Math.max(MARGIN, (PAGE.width - title.length * 20) / 2).toFixed(0)} ${PAGE.height - MARGIN - 20} Td`,
    `${ucs2Hex(title)} Tj`,
    'ET',
    'BT',
    `/F1 ${body} Tf ${body * 1.8} TL ${MARGIN} ${PAGE.height - MARGIN - 70} Td`,
    ...lines.slice(0, maxLines).map((l) => `${ucs2Hex(l)} Tj T*`),
    'ET',
  ].join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      '/Resources << /Font << /F1 4 0 R >> >> /Contents 7 0 R >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [5 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light ' +
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 6 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] ' +
      '/ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}
