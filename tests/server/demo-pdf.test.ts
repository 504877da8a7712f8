/**
 * The demo's filing PDFs (server/seed/filing/demo-pdf.ts) are read by pdf.js — the reader the app uses —
 * with the character maps the build ships: every line of Chinese comes back as written.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { demoPdf } from '../../server/seed/filing/demo-pdf.ts';

const CMAPS = fileURLToPath(new URL('../../node_modules/pdfjs-dist/cmaps/', import.meta.url));

describe('demo PDF', () => {
  it('holds its title and lines as text pdf.js reads', async () => {
    const lines = [
      '案件名称：海川新能源科技股份有限公司收购远拓医药控股有限公司股权案',
      '提交日期：2026-11-27',
      '',
      '演示文件。',
    ];
    const bytes = demoPdf('申报书', lines);
    expect(new TextDecoder().decode(bytes.slice(0, 8))).toBe('%PDF-1.4');
    const doc = await getDocument({ data: bytes, cMapUrl: CMAPS, cMapPacked: true, isEvalSupported: false })
      .promise;
    expect(doc.numPages).toBe(1);
    const content = await (await doc.getPage(1)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).filter(Boolean);
    expect(text[0]).toBe('申报书');
    expect(text.join('')).toContain('海川新能源科技股份有限公司收购远拓医药控股有限公司股权案');
    expect(text.join('')).toContain('2026-11-27');
    await doc.destroy();
  });
});
