/**
 * The file widgets' logic: the image viewer's reducer and keys (wrap, zoom floor 0.2, rotation,
 * fit/original), the viewer in the DOM driven by keys with its load-failure text, the selector's
 * storage modes and confirm checks, the preview's charset decoding, and the shared upload rules.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from './support/i18n.ts';
import { decodeText } from '../../renderers/widgets/file-preview/FilePreview.tsx';
import ImageViewer from '../../renderers/widgets/image-viewer/ImageViewer.tsx';
import {
  initialViewer,
  keyAction,
  viewerReducer,
} from '../../renderers/widgets/image-viewer/viewer-state.ts';
import {
  fromValue,
  selectionProblem,
  toValue,
} from '../../renderers/widgets/attachment-selector/storage-modes.ts';
import { nameProblem, planName, previewKindOf } from './file-rules-helpers.ts';

describe('image viewer state', () => {
  const reduce = viewerReducer(3);

  it('wraps previous and next, starting each image afresh', () => {
    let s = initialViewer(2);
    s = reduce(s, { type: 'zoomIn' });
    s = reduce(s, { type: 'next' });
    expect(s).toEqual(initialViewer(0));
    expect(reduce(initialViewer(0), { type: 'prev' }).index).toBe(2);
  });

  it('zooms in steps of 0.2 and stops zooming out at 0.2', () => {
    let s = initialViewer();
    for (let i = 0; i < 10; i++) s = reduce(s, { type: 'zoomOut' });
    expect(s.scale).toBe(0.2);
    s = reduce(s, { type: 'zoomIn' });
    expect(s.scale).toBe(0.4);
    expect(reduce(s, { type: 'zoomIn', step: 0.015 }).scale).toBe(0.415);
  });

  it('rotates by 90 degrees, toggles fit/original and drags', () => {
    let s = reduce(initialViewer(), { type: 'rotate', direction: 1 });
    s = reduce(s, { type: 'rotate', direction: 1 });
    expect(s.rotation).toBe(180);
    s = reduce(s, { type: 'drag', dx: 5, dy: -3 });
    expect(s.offset).toEqual({ x: 5, y: -3 });
    s = reduce(s, { type: 'toggleMode' });
    expect(s.mode).toBe('original');
    expect(s.offset).toEqual({ x: 0, y: 0 });
  });

  it('maps the keys of the spec', () => {
    expect(keyAction('Escape')).toBe('close');
    expect(keyAction(' ')).toEqual({ type: 'toggleMode' });
    expect(keyAction('ArrowLeft')).toEqual({ type: 'prev' });
    expect(keyAction('ArrowRight')).toEqual({ type: 'next' });
    expect(keyAction('ArrowUp')).toEqual({ type: 'zoomIn' });
    expect(keyAction('ArrowDown')).toEqual({ type: 'zoomOut' });
    expect(keyAction('a')).toBeUndefined();
  });
});

describe('image viewer in the page', () => {
  beforeAll(async () => {
    await setupTestI18n('zh-CN');
  });

  it('answers the keys, and shows the load-failure text for a broken image', () => {
    const onClose = vi.fn();
    render(
      <ImageViewer
        images={[
          {
            src: 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
            name: 'a',
          },
          { src: '/broken.png', name: 'b' },
        ]}
        onClose={onClose}
      />,
    );
    const viewer = screen.getByTestId('image-viewer');
    const key = (k: string) => act(() => void fireEvent.keyDown(window, { key: k }));
    key('ArrowUp');
    expect(viewer.dataset.scale).toBe('1.2');
    key(' ');
    expect(viewer.dataset.mode).toBe('original');
    key('ArrowRight');
    expect(viewer.dataset.index).toBe('1');
    fireEvent.error(viewer.querySelector('img')!);
    expect(screen.getByTestId('image-viewer-failed').textContent).toBe('图片加载失败');
    key('ArrowRight');
    expect(viewer.dataset.index).toBe('0');
    key('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('attachment selector storage modes', () => {
  const files = [
    { id: 'a1', fileName: '协议', ext: 'pdf', totalBytes: 10 },
    { id: 'a2', fileName: '报告', ext: 'docx', totalBytes: 20 },
  ];
  it('writes and reads back every mode', () => {
    for (const mode of ['json', 'array', 'bind'] as const) {
      expect(fromValue(mode, toValue(mode, files, false)).files).toEqual(files);
    }
    expect(toValue('bind', files.slice(0, 1), true)).toEqual(files[0]);
    expect(fromValue('bind', files[0]).files).toEqual([files[0]]);
    expect(toValue('id', files, false)).toBe('a1,a2');
    expect(fromValue('id', 'a1, a2').ids).toEqual(['a1', 'a2']);
    expect(toValue('arrayId', files, false)).toEqual(['a1', 'a2']);
    expect(fromValue('arrayId', ['a1', 'a2']).ids).toEqual(['a1', 'a2']);
    expect(toValue('json', [], false)).toBeUndefined();
    expect(fromValue('json', 'not json')).toEqual({ files: [], ids: [] });
  });

  it('checks the selection on confirm as spec §5 says', () => {
    expect(selectionProblem(1, { limit: 0 })?.key).toBe('file.selector.limitZero');
    expect(selectionProblem(0, { limit: 3 })?.key).toBe('file.selector.nothingSelected');
    expect(selectionProblem(2, { limit: 3, exact: true })).toEqual({
      key: 'file.selector.exactCount',
      params: { count: 3 },
    });
    expect(selectionProblem(4, { limit: 3 })).toEqual({
      key: 'file.selector.overLimit',
      params: { limit: 3 },
    });
    expect(selectionProblem(3, { limit: 3 })).toBeUndefined();
  });
});

describe('file preview and rules', () => {
  it('decodes text in the chosen charset', () => {
    const gbk = Uint8Array.from(Buffer.from('beadd3aad5dfbcafd6d0c9eab1a8', 'hex')).buffer;
    expect(decodeText(gbk, 'gbk')).toBe('经营者集中申报');
    expect(decodeText(gbk, 'utf-8')).not.toBe('经营者集中申报');
    const big5 = Uint8Array.from(Buffer.from('b867c0e7aaccb6b0a4a4a5d3b3f8', 'hex')).buffer;
    expect(decodeText(big5, 'big5')).toBe('經營者集中申報');
  });

  it('knows what previews how, and which names are refused', () => {
    expect(previewKindOf('PNG')).toBe('image');
    expect(previewKindOf('pdf')).toBe('pdf');
    expect(previewKindOf('txt')).toBe('text');
    expect(previewKindOf('docx')).toBe('unsupported');
    expect(nameProblem('a'.repeat(233) + '中')).toBe('tooLong');
    expect(nameProblem('a'.repeat(232) + '中')).toBeUndefined();
    expect(nameProblem('a'.repeat(232) + 'b')).toBeUndefined();
    expect(nameProblem('..')).toBe('empty');
    expect(nameProblem('a\u0000b')).toBe('badCharacters');
    expect(nameProblem('a/b')).toBe('badCharacters');
    expect(planName('审计报告.PDF')).toEqual({ base: '审计报告', ext: 'pdf' });
  });
});
