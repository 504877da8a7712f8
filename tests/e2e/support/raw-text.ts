/**
 * Raw codes and locale keys where a person reads words: the text a page shows (visible text nodes, not
 * inputs, editors or file previews) must hold no enum code of the screens (PHASE_I, ACQUIRER, DONE…),
 * no code shaped like one (UPPER_SNAKE) and no locale key (`review.clock.kind`, `menu.subsystem.merger`) —
 * what a missing translation or a column without its labels shows. Every e2e test's open pages are
 * checked when it ends (support/suite.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { LOCALES_DIR } from '../../../schemas/locale-files.ts';
import { SCHEMAS_DIR } from '../../../schemas/catalogue.ts';
import { readScreenFile } from '../../../schemas/option-set-files.ts';

/** Every upper-case option value the screens declare (the codes their enum columns translate). */
function screenCodes(): string[] {
  const codes = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const value = (node as { value?: unknown; label?: unknown }).value;
      if (typeof value === 'string' && 'label' in node && /^[A-Z][A-Z0-9_]{2,}$/.test(value))
        codes.add(value);
      Object.values(node).forEach(visit);
    }
  };
  const dir = join(SCHEMAS_DIR, 'screens');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.yaml')))
    visit(readScreenFile(join(dir, name)));
  return [...codes];
}

let cached: { codes: string[]; namespaces: string[] } | undefined;
function vocabulary() {
  cached ??= {
    codes: screenCodes(),
    namespaces: readdirSync(join(LOCALES_DIR, 'zh-CN'))
      .filter((n) => n.endsWith('.yaml'))
      .map((n) => n.slice(0, -'.yaml'.length)),
  };
  return cached;
}

/** What may follow a dot without being a key: file extensions and host names. */
const NOT_A_KEY_END =
  /\.(pdf|txt|csv|docx?|xlsx?|pptx?|png|jpe?g|gif|bmp|zip|rar|html?|xml|json|ya?ml|com|cn|net|org|gov|edu|io)$/i;

/** The raw codes and locale keys the page shows now, with the text around each (empty when none). */
export async function rawTextOn(page: Page): Promise<string[]> {
  if (page.isClosed()) return [];
  const { codes, namespaces } = vocabulary();
  const found = await page
    .evaluate(
      ({ codes, namespaces }) => {
        // Where raw text is the content itself: previews, editors, code.
        const SKIP = 'pre, code, textarea, input, script, style, .cm-editor, [data-raw-text-ok]';
        const codeSet = new Set(codes);
        const keyRe = new RegExp(`\\b(?:${namespaces.join('|')})(?:\\.[A-Za-z0-9_]+)+\\b`, 'g');
        const hits: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          if (!text.trim()) continue;
          const parent = node.parentElement;
          if (!parent || parent.closest(SKIP) || !parent.checkVisibility()) continue;
          for (const word of text.match(/\b[A-Z][A-Z0-9_]{2,}\b/g) ?? [])
            if (codeSet.has(word) || /^[A-Z]+_[A-Z0-9_]+$/.test(word))
              hits.push(`${word} in «${text.trim()}»`);
          for (const key of text.match(keyRe) ?? []) hits.push(`${key} in «${text.trim()}»`);
        }
        return hits;
      },
      { codes, namespaces },
    )
    .catch(() => [] as string[]); // a page navigating away as the test ended
  return [...new Set(found.filter((hit) => !NOT_A_KEY_END.test(hit.split(' in «')[0])))];
}
