/**
 * Action button icons (renderers/actions/action-icons.tsx) load one by one: a screen's definition
 * starts loading the icons it names; a button shows an empty box of the icon's size until its icon
 * has arrived, then the icon; no or an unknown name gives no icon.
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACTION_ICON_NAMES,
  preloadScreenIcons,
  useActionIcons,
} from '../../renderers/actions/action-icons.tsx';

afterEach(cleanup);

function Icons({ names }: { names: (string | undefined)[] }) {
  const icon = useActionIcons(names);
  return (
    <div data-testid="icons">
      {names.map((name, i) => (
        <span key={i} data-name={String(name)}>
          {icon(name)}
        </span>
      ))}
    </div>
  );
}

describe('action icons', () => {
  it('are the icons the meta-schema lets a button name', async () => {
    const { definitions } = (await import('../../schemas/meta/screen-kinds/common.schema.json')) as {
      definitions: { icon: { enum: string[] } };
    };
    expect([...ACTION_ICON_NAMES].sort()).toEqual([...definitions.icon.enum].sort());
  });

  it('show an empty box until loaded, then the icon; nothing for no or an unknown name', async () => {
    const { container } = render(<Icons names={['EditOutlined', 'NoSuchIcon', undefined]} />);
    const edit = () => container.querySelector('[data-name="EditOutlined"] .anticon');
    expect(edit()).not.toBeNull();
    await waitFor(() =>
      expect(container.querySelector('[data-name="EditOutlined"] .anticon-edit svg')).not.toBeNull(),
    );
    expect(container.querySelector('[data-name="NoSuchIcon"]')?.childElementCount).toBe(0);
    expect(container.querySelector('[data-name="undefined"]')?.childElementCount).toBe(0);
  });

  it('a screen definition starts loading the icons it names, at any depth', async () => {
    await preloadScreenIcons({
      toolbar: [{ icon: 'AuditOutlined' }],
      menu: { items: [{ icon: 'EyeOutlined' }] },
    });
    // Loaded by the preload alone: the first render has them.
    const { container } = render(<Icons names={['AuditOutlined', 'EyeOutlined']} />);
    expect(container.querySelectorAll('svg')).toHaveLength(2);
  });
});
