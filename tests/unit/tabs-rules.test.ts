/** The tab strip's rules: open/update, fixed dashboard, close and where to go next, the five actions, moves. */
import { describe, expect, it } from 'vitest';
import {
  actionApplies,
  actionsFor,
  closeTab,
  HOME_TAB,
  InvalidTabActionError,
  moveTab,
  openTab,
  parseStoredTabs,
  runTabAction,
  withHome,
  type PageTab,
} from '../../src/shell/tabs/tab-rules.ts';

const tab = (name: string, query: Record<string, string> = {}): PageTab => {
  const search = new URLSearchParams(query).toString();
  return {
    path: `/system/${name}`,
    fullPath: `/system/${name}${search ? `?${search}` : ''}`,
    name,
    params: {},
    query,
    meta: { title: `menus.${name}` },
  };
};

const paths = (tabs: readonly PageTab[]) => tabs.map((t) => t.path.replace('/system/', ''));
const five = () => withHome([tab('a'), tab('b'), tab('c'), tab('d')]);

describe('opening tabs', () => {
  it('puts the fixed dashboard first and adds new pages at the end', () => {
    let tabs = withHome([]);
    expect(tabs).toEqual([HOME_TAB]);
    tabs = openTab(tabs, tab('a'));
    tabs = openTab(tabs, tab('b'));
    expect(paths(tabs)).toEqual(['/dashboard', 'a', 'b']);
  });

  it('updates the open tab of the same page in place (new query), without adding one', () => {
    const tabs = openTab(five(), tab('b', { id: '7' }));
    expect(paths(tabs)).toEqual(['/dashboard', 'a', 'b', 'c', 'd']);
    expect(tabs[2].fullPath).toBe('/system/b?id=7');
    expect(tabs[2].query).toEqual({ id: '7' });
  });

  it('keeps the dashboard fixed even when it is opened again with a query', () => {
    const tabs = openTab(five(), {
      ...HOME_TAB,
      fullPath: '/dashboard?x=1',
      query: { x: '1' },
      meta: { title: 'x' },
    });
    expect(tabs[0]).toMatchObject({
      path: '/dashboard',
      fullPath: '/dashboard?x=1',
      meta: { affix: true, title: 'dashboard.title' },
    });
    expect(tabs).toHaveLength(5);
  });
});

describe('closing a tab', () => {
  it('never closes the dashboard', () => {
    expect(closeTab(five(), '/dashboard', '/dashboard').tabs).toHaveLength(5);
  });

  it('moves from the closed current tab to the next one', () => {
    const change = closeTab(five(), '/system/b', '/system/b');
    expect(paths(change.tabs)).toEqual(['/dashboard', 'a', 'c', 'd']);
    expect(change.navigateTo).toBe('/system/c');
  });

  it('moves to the previous tab when the closed current tab was the last', () => {
    const change = closeTab(five(), '/system/d', '/system/d');
    expect(change.navigateTo).toBe('/system/c');
  });

  it('moves to the dashboard when no other tab is left', () => {
    const change = closeTab(withHome([tab('a')]), '/system/a', '/system/a');
    expect(change).toEqual({ tabs: [HOME_TAB], navigateTo: '/dashboard' });
  });

  it('stays where it is when another tab closes', () => {
    const change = closeTab(five(), '/system/a', '/system/c');
    expect(change.navigateTo).toBeUndefined();
    expect(paths(change.tabs)).toEqual(['/dashboard', 'b', 'c', 'd']);
  });

  it('returns to the full path (with query) of the tab it moves to', () => {
    const tabs = withHome([tab('a'), tab('b', { id: '1' })]);
    expect(closeTab(tabs, '/system/a', '/system/a').navigateTo).toBe('/system/b?id=1');
  });
});

describe('context-menu actions', () => {
  it('closes left of a tab, keeping the dashboard, and moves to it when the current tab went', () => {
    const change = runTabAction('closeLeft', five(), '/system/c', '/system/a');
    expect(paths(change.tabs)).toEqual(['/dashboard', 'c', 'd']);
    expect(change.navigateTo).toBe('/system/c');
  });

  it('closes right of a tab and stays when the current tab is kept', () => {
    const change = runTabAction('closeRight', five(), '/system/b', '/system/a');
    expect(paths(change.tabs)).toEqual(['/dashboard', 'a', 'b']);
    expect(change.navigateTo).toBeUndefined();
  });

  it('closes others, keeping the dashboard and the tab', () => {
    const change = runTabAction('closeOthers', five(), '/system/c', '/system/d');
    expect(paths(change.tabs)).toEqual(['/dashboard', 'c']);
    expect(change.navigateTo).toBe('/system/c');
  });

  it('closes all but the dashboard and goes there', () => {
    const change = runTabAction('closeAll', five(), '/system/c', '/system/c');
    expect(change).toEqual({ tabs: [HOME_TAB], navigateTo: '/dashboard' });
  });

  it('closes one tab with "close"', () => {
    expect(paths(runTabAction('close', five(), '/system/a', '/dashboard').tabs)).toEqual([
      '/dashboard',
      'b',
      'c',
      'd',
    ]);
  });

  it('offers only "close others" on the dashboard, all five elsewhere', () => {
    const tabs = five();
    expect(actionsFor(tabs[0])).toEqual(['closeOthers']);
    expect(actionsFor(tabs[1])).toEqual(['closeLeft', 'closeRight', 'close', 'closeOthers', 'closeAll']);
    expect(runTabAction('closeOthers', tabs, '/dashboard', '/system/b')).toEqual({
      tabs: [HOME_TAB],
      navigateTo: '/dashboard',
    });
  });

  it('knows which actions would change nothing', () => {
    const tabs = five();
    expect(actionApplies('closeLeft', tabs, '/system/a')).toBe(false);
    expect(actionApplies('closeRight', tabs, '/system/d')).toBe(false);
    expect(actionApplies('closeRight', tabs, '/system/a')).toBe(true);
    expect(actionApplies('close', tabs, '/dashboard')).toBe(false);
    expect(actionApplies('closeOthers', withHome([]), '/dashboard')).toBe(false);
  });

  it('rejects an unknown action as an invalid operation and changes nothing', () => {
    const tabs = five();
    expect(() => runTabAction('closeEverythingElse', tabs, '/system/a', '/system/a')).toThrow(
      InvalidTabActionError,
    );
    expect(paths(tabs)).toEqual(['/dashboard', 'a', 'b', 'c', 'd']);
  });
});

describe('reordering and storage', () => {
  it('moves a tab to where another is', () => {
    expect(paths(moveTab(five(), '/system/d', '/system/a'))).toEqual(['/dashboard', 'd', 'a', 'b', 'c']);
    expect(paths(moveTab(five(), '/system/a', '/system/c'))).toEqual(['/dashboard', 'b', 'c', 'a', 'd']);
  });

  it('never moves the dashboard nor moves a tab before it', () => {
    expect(paths(moveTab(five(), '/dashboard', '/system/c'))).toEqual(paths(five()));
    expect(paths(moveTab(five(), '/system/c', '/dashboard'))).toEqual(paths(five()));
  });

  it('reads stored tabs back, dropping malformed ones and foreign addresses', () => {
    const stored = JSON.parse(
      JSON.stringify([
        tab('a'),
        { path: 'x' },
        { ...tab('b'), fullPath: '//evil.example/' },
        null,
        { ...tab('c'), query: { n: 1 } },
      ]),
    );
    const tabs = parseStoredTabs(stored);
    expect(paths(tabs)).toEqual(['/dashboard', 'a', 'c']);
    expect(tabs[2].query).toEqual({});
    expect(parseStoredTabs('nonsense')).toEqual([HOME_TAB]);
  });
});
