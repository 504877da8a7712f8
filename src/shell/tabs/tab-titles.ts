/**
 * Titles a page gives its own tab once it knows them — a data template's list is 会议纪要, not
 * "数据模板 meetingMinutes" — over the route's fixed title (static-pages.ts). By tab path; kept for
 * the browser tab's life (a reload shows the fixed title until the page says its own again).
 */
import { useEffect } from 'react';
import { atom, useSetAtom } from 'jotai';

export const tabTitlesAtom = atom<Readonly<Record<string, string>>>({});

/** Shows `title` on the tab of `path` (nothing while it is not known yet). */
export function useTabTitle(path: string, title: string | undefined): void {
  const set = useSetAtom(tabTitlesAtom);
  useEffect(() => {
    if (title) set((titles) => (titles[path] === title ? titles : { ...titles, [path]: title }));
  }, [path, title, set]);
}
