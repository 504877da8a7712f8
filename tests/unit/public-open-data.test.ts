/** The open data's CSV escaping and the feed's Atom writer (server/modules/public/csv.ts, atom.ts). */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { atomXml, xmlEscape } from '../../server/modules/public/atom.ts';
import { csvCell, csvLine } from '../../server/modules/public/csv.ts';

/** A minimal RFC 4180 reader, to prove a written line reads back to the same cells. */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let cell = '';
      i++;
      for (;;) {
        if (line[i] === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (line[i] === '"') break;
        else cell += line[i++];
      }
      cells.push(cell);
      i += 2;
    } else {
      const end = line.indexOf(',', i);
      cells.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

describe('CSV cells', () => {
  it('quotes only what needs it and doubles quotes', () => {
    expect(csvCell('鑫淼科技有限公司')).toBe('鑫淼科技有限公司');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('defuses spreadsheet formulas in text cells', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes lines that read back to the same cells', () => {
    const cells = ['id-1', '甲公司、乙公司', 'with, comma', 'with "quote"', '', '2021-09-01'];
    const line = csvLine(cells);
    expect(line.endsWith('\r\n')).toBe(true);
    expect(parseCsvLine(line.slice(0, -2))).toEqual(cells);
  });
});

describe('Atom feed', () => {
  it('escapes markup and drops characters XML forbids', () => {
    expect(xmlEscape(`<a href="x">&'\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });

  it('writes a well-formed feed whose entries parse back', () => {
    const xml = atomXml({
      id: 'urn:test:feed',
      title: '公开 & <信息>',
      updated: '2026-01-02T03:04:05.000Z',
      selfLink: 'http://example.cn/api/publicity/feed',
      link: 'http://example.cn/publicityIndex',
      entries: [
        {
          id: 'urn:test:1',
          title: 'A公司收购B公司 <script>alert(1)</script>',
          updated: '2026-01-02T00:00:00.000Z',
          link: 'http://example.cn/publicityIndex/notice/1',
          category: 'notice',
          summary: 'A、B\u0000',
        },
      ],
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml).feed;
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.title).toBe('公开 & <信息>');
    expect(feed.entry.title).toBe('A公司收购B公司 <script>alert(1)</script>');
    expect(feed.entry.link['@_href']).toBe('http://example.cn/publicityIndex/notice/1');
    expect(feed.entry.summary['#text']).toBe('A、B');
  });
});
