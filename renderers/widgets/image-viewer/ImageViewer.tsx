/**
 * The image viewer (spec §2): a full-window layer (z-index 2000) showing one image of a list, with
 * previous/next (wrapping), zoom (buttons, Up/Down, wheel), rotation, fit/original (Space), dragging,
 * Esc to close, and a load-failure text when an image cannot be shown.
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  CloseOutlined,
  ExpandOutlined,
  LeftOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { initialViewer, keyAction, viewerReducer, WHEEL_STEP } from './viewer-state.ts';

export interface ViewerImage {
  src: string;
  name?: string;
}

export interface ImageViewerProps {
  images: ViewerImage[];
  start?: number;
  onClose(): void;
}

const button: React.CSSProperties = {
  background: 'rgba(0,0,0,0.55)',
  color: '#fff',
  border: 'none',
  borderRadius: 20,
  width: 40,
  height: 40,
  fontSize: 18,
  cursor: 'pointer',
};

export default function ImageViewer({ images, start = 0, onClose }: ImageViewerProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(viewerReducer(images.length), start, initialViewer);
  const [failed, setFailed] = useState<Record<number, boolean>>({});
  const dragFrom = useRef<{ x: number; y: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const image = images[state.index];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = keyAction(e.key);
      if (!action) return;
      e.preventDefault();
      if (action === 'close') onClose();
      else dispatch(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const fit: React.CSSProperties =
    state.mode === 'fit' ? { maxWidth: '90vw', maxHeight: '85vh' } : { maxWidth: 'none', maxHeight: 'none' };

  return createPortal(
    <div
      role="dialog"
      aria-label={t('file.viewer.title')}
      data-testid="image-viewer"
      data-index={state.index}
      data-scale={state.scale}
      data-rotation={state.rotation}
      data-mode={state.mode}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        background: 'rgba(0,0,0,0.8)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        userSelect: 'none',
      }}
      onWheel={(e) =>
        dispatch(e.deltaY < 0 ? { type: 'zoomIn', step: WHEEL_STEP } : { type: 'zoomOut', step: WHEEL_STEP })
      }
      onMouseMove={(e) => {
        if (!dragFrom.current) return;
        dispatch({ type: 'drag', dx: e.clientX - dragFrom.current.x, dy: e.clientY - dragFrom.current.y });
        dragFrom.current = { x: e.clientX, y: e.clientY };
      }}
      onMouseUp={() => {
        dragFrom.current = null;
        setDragging(false);
      }}
      onMouseLeave={() => {
        dragFrom.current = null;
        setDragging(false);
      }}
    >
      {image && failed[state.index] ? (
        <div style={{ color: '#fff', fontSize: 16 }} data-testid="image-viewer-failed">
          {t('file.viewer.loadFailed')}
        </div>
      ) : image ? (
        <img
          src={image.src}
          alt={image.name ?? ''}
          draggable={false}
          onError={() => setFailed((f) => ({ ...f, [state.index]: true }))}
          onMouseDown={(e) => {
            e.preventDefault();
            dragFrom.current = { x: e.clientX, y: e.clientY };
            setDragging(true);
          }}
          style={{
            ...fit,
            cursor: 'grab',
            transform: `translate(${state.offset.x}px, ${state.offset.y}px) scale(${state.scale}) rotate(${state.rotation}deg)`,
            transition: dragging ? 'none' : 'transform 0.2s',
          }}
        />
      ) : null}
      <button
        type="button"
        aria-label={t('file.viewer.close')}
        style={{ ...button, position: 'absolute', top: 24, right: 24 }}
        onClick={onClose}
      >
        <CloseOutlined />
      </button>
      {images.length > 1 ? (
        <>
          <button
            type="button"
            aria-label={t('file.viewer.prev')}
            style={{ ...button, position: 'absolute', left: 24 }}
            onClick={() => dispatch({ type: 'prev' })}
          >
            <LeftOutlined />
          </button>
          <button
            type="button"
            aria-label={t('file.viewer.next')}
            style={{ ...button, position: 'absolute', right: 24 }}
            onClick={() => dispatch({ type: 'next' })}
          >
            <RightOutlined />
          </button>
        </>
      ) : null}
      <div style={{ position: 'absolute', bottom: 24, display: 'flex', gap: 12, alignItems: 'center' }}>
        <button
          type="button"
          aria-label={t('file.viewer.zoomOut')}
          style={button}
          onClick={() => dispatch({ type: 'zoomOut' })}
        >
          <ZoomOutOutlined />
        </button>
        <button
          type="button"
          aria-label={t('file.viewer.zoomIn')}
          style={button}
          onClick={() => dispatch({ type: 'zoomIn' })}
        >
          <ZoomInOutlined />
        </button>
        <button
          type="button"
          aria-label={t('file.viewer.toggleMode')}
          style={button}
          onClick={() => dispatch({ type: 'toggleMode' })}
        >
          <ExpandOutlined />
        </button>
        <button
          type="button"
          aria-label={t('file.viewer.rotateLeft')}
          style={button}
          onClick={() => dispatch({ type: 'rotate', direction: -1 })}
        >
          <RotateLeftOutlined />
        </button>
        <button
          type="button"
          aria-label={t('file.viewer.rotateRight')}
          style={button}
          onClick={() => dispatch({ type: 'rotate', direction: 1 })}
        >
          <RotateRightOutlined />
        </button>
        <span style={{ color: '#fff' }}>
          {images.length > 1 ? `${state.index + 1} / ${images.length} · ` : ''}
          {Math.round(state.scale * 100)}%{image?.name ? ` · ${image.name}` : ''}
        </span>
      </div>
    </div>,
    document.body,
  );
}
