/**
 * What the file widgets need beyond catalogue calls: upload with progress (XMLHttpRequest reports it;
 * ky does not). The address and the session's headers come from the renderer
 * environment (`uploadTarget()`, `fileLink()`), so nothing here knows the app.
 */
import type { UploadTarget } from '../../environment/environment-types.ts';

export interface UploadedAttachment {
  id: string;
  fileName: string;
  ext: string;
  totalBytes: number;
  sha256?: string | null;
}

/**
 * One multipart upload with progress (XMLHttpRequest reports it; fetch does not). Rejects with the
 * server's translated message on a refusal.
 */
export function uploadWithProgress(
  target: UploadTarget,
  file: File,
  query: Record<string, string>,
  onProgress: (percent: number) => void,
): { done: Promise<UploadedAttachment>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedAttachment>((resolve, reject) => {
    const qs = new URLSearchParams(query).toString();
    xhr.open('POST', `${target.uploadUrl}${qs ? `?${qs}` : ''}`);
    for (const [k, v] of Object.entries(target.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      try {
        const env = JSON.parse(xhr.responseText) as {
          state: number;
          message: string;
          data: UploadedAttachment;
        };
        if (env.state === 200) resolve(env.data);
        else reject(new Error(env.message));
      } catch {
        reject(new Error(String(xhr.status)));
      }
    };
    xhr.onerror = () => reject(new Error('network'));
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
