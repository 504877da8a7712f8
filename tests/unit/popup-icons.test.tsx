/**
 * The shell's pop-up menu icons (src/shell/usePopupIcons.ts) load on demand: before, an empty box
 * of an icon's size holds the place; once loaded, the icon itself, in every menu from then on.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPopupIcons, usePopupIcons } from '../../src/shell/usePopupIcons.ts';

afterEach(cleanup);

function Probe({ loadNow = false }: { loadNow?: boolean }) {
  const [icon, load] = usePopupIcons();
  if (loadNow) load();
  return <div data-testid="probe">{icon('logout')}</div>;
}

describe('pop-up menu icons', () => {
  it('hold the place with an empty box, then show the icon once loaded', async () => {
    const { getByTestId, unmount } = render(<Probe />);
    const blank = getByTestId('probe').querySelector('.anticon');
    expect(blank?.querySelector('svg')).toBeNull();
    expect(blank?.getAttribute('aria-hidden')).toBe('true');
    unmount();

    const loaded = render(<Probe loadNow />);
    await act(() => loadPopupIcons());
    expect(loaded.getByTestId('probe').querySelector('.anticon-logout svg')).not.toBeNull();
    loaded.unmount();

    // Loaded once: a menu rendered later has its icons at once.
    const later = render(<Probe />);
    expect(later.getByTestId('probe').querySelector('.anticon-logout svg')).not.toBeNull();
  });
});
