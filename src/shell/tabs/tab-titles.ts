/**
 * Titles a page gives its own tab once it knows them — a data template's list is 会议纪要, not
 * "数据模板 meetingMinutes" — over the route's fixed title (static-pages.ts). By tab path and language,
 * kept in the browser tab's session storage: after a reload the restored tabs keep their titles before
 * their pages open again (a title in another language is not shown).
 */
import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

type Titles = Readonly<Record<string, string>>;

export const tabTitlesAtom = atomWithStorage<Titles>(
  'mf.tabTitles',
  {},
  createJSONStorage<Titles>(() => sessionStorage),
  { getOnInit: true },
);

const keyOf = (path: string, language: string) => `${language}\u0000${path}`;

/** The title a page gave the tab of `path` in `language`, if any. */
export const ownTabTitle = (titles: Titles, path: string, language: string): string | undefined =>
  titles[keyOf(path, language)];

/** Shows `title` on the tab of `path` (nothing while it is not known yet). */
export function useTabTitle(path: string, title: string | undefined, language: string): void {
  const set = useSetAtom(tabTitlesAtom);
  useEffect(() => {
    const key = keyOf(path, language);
    if (title) set((titles) => (titles[key] === title ? titles : { ...titles, [key]: title }));
  }, [path, title, language, set]);
}
