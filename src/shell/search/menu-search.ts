/**
 * Menu search (spec §2 'Hotkeys': the Ctrl+Q panel): finds the menu entries that open something, by
 * name (any language shown) or by pinyin — initials (ygg → 员工管理) or full syllables (yuangong).
 */
import { pinyin } from 'pinyin-pro';
import { menuRoutes, type MenuEntry, type MenuRoute } from '../menu-model.ts';

export interface SearchItem {
  route: MenuRoute;
  /** The entry's name as shown. */
  title: string;
  /** Folder names above it, as shown ("系统管理"). */
  trail: string[];
  /** Lower-case keys searched: the title, its pinyin initials and its full pinyin. */
  keys: string[];
}

function pinyinKeys(text: string): string[] {
  if (!/[\u3400-\u9fff]/.test(text)) return [];
  const initials = pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const full = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  return [initials.join(''), full.join('')].map((s) => s.toLowerCase().replace(/\s+/g, ''));
}

export function buildSearchIndex(menus: readonly MenuEntry[], label: (name: string) => string): SearchItem[] {
  return menuRoutes(menus)
    .filter((route) => route.target.kind !== 'folder' && route.target.kind !== 'none')
    .map((route) => {
      const title = label(route.entry.name);
      return {
        route,
        title,
        trail: route.ancestors.map((a) => label(a.name)),
        keys: [title.toLowerCase(), ...pinyinKeys(title)],
      };
    });
}

/** Entries matching the query, best first: a key that starts with it, then one that contains it. */
export function searchMenu(index: readonly SearchItem[], query: string): SearchItem[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, '');
  if (!q) return [];
  const scored = index
    .map((item) => {
      const starts = item.keys.some((k) => k.startsWith(q));
      const contains = starts || item.keys.some((k) => k.includes(q));
      return { item, score: starts ? 2 : contains ? 1 : 0 };
    })
    .filter((s) => s.score > 0);
  return scored.sort((a, b) => b.score - a.score).map((s) => s.item);
}
