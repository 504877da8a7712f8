/**
 * The signed link of a stored file for one purpose (the environment's `fileLink`), loaded while the
 * component shows it: asked for when the file or the purpose changes, dropped when it goes away.
 */
import type { FilePurpose } from '../../environment/environment-types.ts';
import { useRendererEnvironment } from '../../environment/RendererEnvironment.tsx';
import { useLoad, type Loaded } from '../../environment/use-load.ts';

export function useFileLink(attachmentId: string | null | undefined, purpose: FilePurpose): Loaded<string> {
  const { fileLink } = useRendererEnvironment();
  return useLoad(attachmentId ? `${purpose}:${attachmentId}` : null, (signal) =>
    fileLink(attachmentId ?? '', purpose, signal),
  );
}

/** Hands a link to the browser as a download: the page stays, the server's file name is kept. */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  // Empty: the name comes from the answer's Content-Disposition.
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
