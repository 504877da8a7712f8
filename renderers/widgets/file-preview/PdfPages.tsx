/**
 * PDF pages drawn by pdf.js. This module (and pdf.js with its worker) loads only when a PDF is opened.
 * The first page is drawn as soon as it is parsed; the rest follow one by one.
 */
import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * pdf.js's character maps: the build ships them (vite.config.ts, pdf-character-maps); `npm run dev`
 * serves them from the package. Without them a PDF whose CJK font is not embedded shows no text.
 */
const CMAP_URL = import.meta.env.DEV
  ? '/node_modules/pdfjs-dist/cmaps/'
  : `${import.meta.env.BASE_URL}pdfjs/cmaps/`;

/** A PDF read from a (signed) address, or from bytes already at hand. */
export default function PdfPages({ url, data }: { url?: string; data?: Uint8Array }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    // One streamed request for the whole file, no later range requests: every page is drawn at once
    // anyway, and the address is a signed link that works for about a minute. pdf.js would compile a
    // PDF's PostScript functions with `new Function` (and try it once to see whether it may); the
    // Content Security Policy allows no eval, so it interprets them instead, drawing the same.
    // Bytes are copied: pdf.js hands its buffer to the worker, which would empty the caller's.
    const source = data ? { data: data.slice() } : { url, disableRange: true };
    const task = pdfjs.getDocument({
      ...source,
      cMapUrl: CMAP_URL,
      cMapPacked: true,
      isEvalSupported: false,
    });
    (async () => {
      const doc = await task.promise;
      for (let n = 1; n <= doc.numPages && !cancelled; n++) {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: 1.25 });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.dataset.page = String(n);
        canvas.style.cssText =
          'display:block;margin:0 auto 12px;max-width:100%;box-shadow:0 1px 4px rgba(0,0,0,.2)';
        box.current?.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
        if (n === 1 && !cancelled) setState('ready');
      }
    })().catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url, data]);

  return (
    <div data-testid="pdf-preview" data-state={state}>
      {state === 'loading' ? <Spin /> : null}
      {state === 'failed' ? <div>{t('file.preview.loadFailed')}</div> : null}
      <div ref={box} />
    </div>
  );
}
