/** Sends the local error log to the server (log/upload), in batches the call accepts. */
import { callApi } from '../api/call.ts';
import type { ErrorLogEntry } from './error-log-store.ts';

/** log/upload takes at most this many entries per call. */
export const UPLOAD_BATCH = 200;

export async function uploadErrorLog(entries: readonly ErrorLogEntry[]): Promise<number> {
  let stored = 0;
  for (let i = 0; i < entries.length; i += UPLOAD_BATCH) {
    const logs = entries.slice(i, i + UPLOAD_BATCH).map(({ message, type, time, component, meta }) => ({
      message,
      type,
      time,
      ...(component ? { component } : {}),
      meta: {
        ...(meta.user ? { user: meta.user } : {}),
        uuid: meta.uuid,
        url: meta.url,
        // meta.token stays in the browser: the server knows whose session it is.
      },
    }));
    const result = await callApi('log.upload', { body: { logs } });
    stored += result.count;
  }
  return stored;
}
