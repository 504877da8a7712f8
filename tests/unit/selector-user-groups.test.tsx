/**
 * Adding skips duplicates by id (spec §5): the merge rule on its own, the page-selection rule of the
 * selector, and the employee's user-group table — add opens the user-group selector and appends only
 * groups not listed yet; clear empties the list; a row can be removed; read-only shows no controls.
 */
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/index.ts';
import { applyPageSelection, mergeById } from '../../renderers/selectors/chosen-rows.ts';
import type { UserGroupEntry } from '../../renderers/widgets/user-group-selector/group-entries.ts';
import { UserGroupTable } from '../../renderers/widgets/user-group-selector/UserGroupTable.tsx';
import { setupTestI18n } from './support/i18n.ts';
import { renderWithPeople } from './support/people-harness.tsx';

const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

describe('mergeById', () => {
  it('appends only rows whose id is new, once each, and reports the rest', () => {
    const merged = mergeById(
      [{ id: 'a' }, { id: 1 }],
      [{ id: 'b' }, { id: 'a' }, { id: '1' }, { id: 'b' }, { id: 'c' }],
    );
    expect(merged.rows.map((r) => r.id)).toEqual(['a', 1, 'b', 'c']);
    expect(merged.added.map((r) => r.id)).toEqual(['b', 'c']);
    expect(merged.skipped.map((r) => r.id)).toEqual(['a', '1', 'b']);
  });

  it('keys by another field when told', () => {
    const merged = mergeById([{ groupId: 'g1' }], [{ groupId: 'g1' }, { groupId: 'g2' }], 'groupId');
    expect(merged.rows).toEqual([{ groupId: 'g1' }, { groupId: 'g2' }]);
  });
});

describe('applyPageSelection', () => {
  const page1 = [{ id: 'a' }, { id: 'b' }];
  const page2 = [{ id: 'c' }, { id: 'd' }];

  it('changes only the rows of the page the user is on', () => {
    let chosen = applyPageSelection([], page1, ['a'], 'id', true);
    chosen = applyPageSelection(chosen, page2, ['c', 'd'], 'id', true);
    chosen = applyPageSelection(chosen, page2, ['d'], 'id', true);
    expect(chosen.map((r) => r.id)).toEqual(['a', 'd']);
    // Back on page 1 with the same checks: nothing duplicated.
    expect(applyPageSelection(chosen, page1, ['a', 'b'], 'id', true).map((r) => r.id)).toEqual([
      'a',
      'd',
      'b',
    ]);
  });

  it('with single choice keeps the one row checked last', () => {
    const chosen = applyPageSelection([{ id: 'a' }], page2, ['d'], 'id', false);
    expect(chosen).toEqual([{ id: 'd' }]);
  });
});

function Groups({ initial, readOnly }: { initial: UserGroupEntry[]; readOnly?: boolean }) {
  const [value, setValue] = useState<UserGroupEntry[]>(initial);
  return (
    <>
      <UserGroupTable value={value} onChange={setValue} readOnly={readOnly} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const valueOf = () => JSON.parse(screen.getByTestId('value').textContent!) as UserGroupEntry[];

// The first render loads the screen kinds and antd parts lazily, which is slow on a busy machine.
describe('user-group table', { timeout: 20_000 }, () => {
  it('adds the chosen groups from the selector, skipping those already listed', async () => {
    const h = renderWithPeople(
      <Groups initial={[{ groupId: 'g2', groupName: '法务小组', groupAlias: 'legalTeam' }]} />,
    );
    fireEvent.click(screen.getByRole('button', { name: /添\s?加/ }));
    const dialog = await screen.findByTestId('screen-dialog-user-group-selector', {}, SLOW);
    await within(dialog).findByText('审查委员会', {}, SLOW);
    for (const name of ['审查委员会', '法务小组', '财务小组']) {
      fireEvent.click(within(within(dialog).getByText(name).closest('tr')!).getByRole('checkbox'));
    }
    fireEvent.click(within(dialog).getByTestId('selector-confirm'));

    await waitFor(() => expect(valueOf().map((g) => g.groupId)).toEqual(['g2', 'g1', 'g3']));
    expect(valueOf()[1]).toEqual({ groupId: 'g1', groupName: '审查委员会', groupAlias: 'reviewBoard' });
    expect(h.ui.warnings).toEqual(['已跳过 1 个已存在的项']);
    const table = screen.getByTestId('user-group-table');
    expect(within(table).getAllByText('法务小组')).toHaveLength(1);
    expect(within(table).getByText('reviewBoard')).toBeTruthy();
  });

  it('changes nothing when the selector is cancelled', async () => {
    renderWithPeople(<Groups initial={[{ groupId: 'g2', groupName: '法务小组' }]} />);
    fireEvent.click(screen.getByRole('button', { name: /添\s?加/ }));
    const dialog = await screen.findByTestId('screen-dialog-user-group-selector', {}, SLOW);
    await within(dialog).findByText('审查委员会', {}, SLOW);
    fireEvent.click(within(within(dialog).getByText('审查委员会').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: /^取\s?消$/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(valueOf().map((g) => g.groupId)).toEqual(['g2']);
  });

  it('removes one row, and clear empties the list', () => {
    renderWithPeople(
      <Groups
        initial={[
          { groupId: 'g1', groupName: '审查委员会' },
          { groupId: 'g2', groupName: '法务小组' },
          { groupId: 'g3', groupName: '财务小组' },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '删除“法务小组”' }));
    expect(valueOf().map((g) => g.groupId)).toEqual(['g1', 'g3']);
    fireEvent.click(screen.getByRole('button', { name: /清\s?空/ }));
    expect(valueOf()).toEqual([]);
    expect(screen.getByText('暂无用户组')).toBeTruthy();
  });

  it('read-only shows the groups without add, clear or remove', () => {
    renderWithPeople(
      <Groups readOnly initial={[{ groupId: 'g1', groupName: '审查委员会', groupAlias: 'reviewBoard' }]} />,
    );
    expect(screen.getByText('审查委员会')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
