/**
 * The image viewer's state as a pure reducer (spec §2 'Image viewer', §4, §9): previous/next wrap
 * around, zoom in steps of 0.2 (wheel 0.015) and zoom-out only while the scale is above 0.2, rotation
 * by 90 degrees, a fit/original toggle, and dragging. Changing the image starts it afresh.
 */
export const ZOOM_STEP = 0.2;
export const WHEEL_STEP = 0.015;
export const MIN_SCALE = 0.2;

export interface ViewerState {
  index: number;
  scale: number;
  rotation: number;
  mode: 'fit' | 'original';
  offset: { x: number; y: number };
}

export type ViewerAction =
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'zoomIn'; step?: number }
  | { type: 'zoomOut'; step?: number }
  | { type: 'rotate'; direction: 1 | -1 }
  | { type: 'toggleMode' }
  | { type: 'drag'; dx: number; dy: number }
  | { type: 'show'; index: number };

export const initialViewer = (index = 0): ViewerState => ({
  index,
  scale: 1,
  rotation: 0,
  mode: 'fit',
  offset: { x: 0, y: 0 },
});

const round = (n: number) => Math.round(n * 1000) / 1000;

export function viewerReducer(count: number) {
  return (s: ViewerState, a: ViewerAction): ViewerState => {
    switch (a.type) {
      case 'next':
        return count ? initialViewer((s.index + 1) % count) : s;
      case 'prev':
        return count ? initialViewer((s.index - 1 + count) % count) : s;
      case 'show':
        return initialViewer(Math.min(Math.max(0, a.index), Math.max(0, count - 1)));
      case 'zoomIn':
        return { ...s, scale: round(s.scale + (a.step ?? ZOOM_STEP)) };
      case 'zoomOut':
        // Only while above the minimum, and never below it.
        return s.scale > MIN_SCALE
          ? { ...s, scale: round(Math.max(MIN_SCALE, s.scale - (a.step ?? ZOOM_STEP))) }
          : s;
      case 'rotate':
        return { ...s, rotation: s.rotation + 90 * a.direction };
      case 'toggleMode':
        return { ...s, mode: s.mode === 'fit' ? 'original' : 'fit', scale: 1, offset: { x: 0, y: 0 } };
      case 'drag':
        return { ...s, offset: { x: s.offset.x + a.dx, y: s.offset.y + a.dy } };
    }
  };
}

/** Keys of spec §2: Esc closes, Space toggles fit/original, Left/Right previous/next, Up/Down zoom. */
export function keyAction(key: string): ViewerAction | 'close' | undefined {
  switch (key) {
    case 'Escape':
      return 'close';
    case ' ':
    case 'Spacebar':
      return { type: 'toggleMode' };
    case 'ArrowLeft':
      return { type: 'prev' };
    case 'ArrowRight':
      return { type: 'next' };
    case 'ArrowUp':
      return { type: 'zoomIn' };
    case 'ArrowDown':
      return { type: 'zoomOut' };
    default:
      return undefined;
  }
}
