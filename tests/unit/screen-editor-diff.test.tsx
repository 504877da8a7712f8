/**
 * The schema editor's diff view (src/pages/screen-config/VersionDiff.tsx): what was added, removed,
 * changed and moved between two versions, list items known by their names, unchanged parts folded
 * away until asked for, and the values shown as text, never as markup.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffHtml, VersionDiff } from '../../src/pages/screen-config/VersionDiff.tsx';
import { setupTestI18n } from './support/i18n.ts';

const V1 = {
  kind: 'list',
  title: 'employee.list.title',
  operation: 'employee.query',
  columns: [
    { field: 'name', title: 'employee.field.name' },
    { field: 'mobile', title: 'employee.field.mobile' },
    { field: 'email', title: 'employee.field.email' },
  ],
};
const V2 = {
  ...V1,
  title: 'employee.list.titleAll',
  columns: [
    { field: 'mobile', title: 'employee.field.mobile' },
    { field: 'name', title: 'employee.field.name', width: 120 },
    { field: 'orgName', title: 'employee.field.org' },
  ],
};

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

function renderDiff(left: unknown, right: unknown) {
  return render(<VersionDiff left={left} right={right} leftLabel="第 1 版" rightLabel="第 2 版" />);
}

describe('VersionDiff', () => {
  it('shows a changed value with its old and new text', () => {
    const { container } = renderDiff(V1, V2);
    expect(screen.getByText('第 1 版 → 第 2 版')).toBeTruthy();
    const title = container.querySelector('.jsondiffpatch-modified[data-key="title"]')!;
    expect(title.querySelector('.jsondiffpatch-left-value')!.textContent).toContain('employee.list.title');
    expect(title.querySelector('.jsondiffpatch-right-value')!.textContent).toContain(
      'employee.list.titleAll',
    );
  });

  it('knows list items by their field: an added, a removed and a changed column, and a move', () => {
    const { container } = renderDiff(V1, V2);
    const columns = container.querySelector('[data-key="columns"]')!;
    const added = [...columns.querySelectorAll('.jsondiffpatch-added')].map((n) => n.textContent).join(' ');
    const deleted = [...columns.querySelectorAll('.jsondiffpatch-deleted')]
      .map((n) => n.textContent)
      .join(' ');
    expect(added).toContain('orgName');
    expect(added).not.toContain('"mobile"');
    expect(deleted).toContain('email');
    expect(deleted).not.toContain('"name"');
    // The name column kept its identity: only its width is new.
    expect(columns.querySelector('.jsondiffpatch-node .jsondiffpatch-added[data-key="width"]')).toBeTruthy();
    expect(columns.querySelector('.jsondiffpatch-moved')).toBeTruthy();
    // The move would have brought jsondiffpatch's script for its arrows along.
    expect(diffHtml(V1, V2)).not.toMatch(/<script/i);
  });

  it('folds unchanged parts away until asked, then shows them', () => {
    const { container } = renderDiff(V1, V2);
    const body = screen.getByTestId('version-diff-body');
    expect(body.className).toBe('jsondiffpatch-unchanged-hidden');
    expect(container.querySelector('.jsondiffpatch-unchanged[data-key="operation"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch'));
    expect(body.className).toBe('jsondiffpatch-unchanged-visible');
  });

  it('says so when two versions are the same', () => {
    const { container } = renderDiff(V1, structuredClone(V1));
    expect(screen.getByText('两者内容相同。')).toBeTruthy();
    expect(container.querySelector('.jsondiffpatch-delta')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('shows markup in a value as text, and runs no script of its own', () => {
    const html = diffHtml(
      { title: 'a.b' },
      { title: '<img src=x onerror="alert(1)"><script>alert(2)</script>' },
    )!;
    const holder = document.createElement('div');
    holder.innerHTML = html;
    expect(holder.querySelector('img, script')).toBeNull();
    expect(holder.textContent).toContain('<img src=x onerror=');
    expect(holder.textContent).toContain('<script>alert(2)</script>');
  });

  it('knows unnamed items with their keys in another order (as jsonb stores them) as the same', () => {
    const options = [{ value: 'actived', label: 'employee.status.actived', color: 'green' }];
    const stored = [{ color: 'green', label: 'employee.status.actived', value: 'actived' }];
    expect(diffHtml({ ...V1, options }, { ...V1, options: stored })).toBeNull();
  });
});
