/**
 * The bell's stream (src/bell/bell-stream.ts) when the server ends it: an instance shutting down
 * (reason `shutdown`) is not the session ending — the bell opens the stream again after
 * STREAM_RETRY_MS (on whichever instance answers) and reads the list afresh; a session that ended
 * (reason `logout`), with no newer token to use, leaves the bell closed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STREAM_RETRY_MS, startBellStream } from '../../src/bell/bell-stream.ts';
import { accessTokenAtom } from '../../src/session/atoms.ts';
import { appStore } from '../../src/session/store.ts';

function endedStream(reason: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        new TextEncoder().encode(`retry: 3000\n\nevent: end\ndata: {"reason":"${reason}"}\n\n`),
      );
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('the bell stream, ended by the server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    appStore.set(accessTokenAtom, 'token-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    appStore.set(accessTokenAtom, null);
  });

  const streamCalls = (fetch: ReturnType<typeof vi.fn>) =>
    fetch.mock.calls.filter(([url]) => String(url).includes('stream')).length;

  it('opens again after an instance shut down, reading the list afresh', async () => {
    const fetch = vi.fn(async () => endedStream('shutdown'));
    vi.stubGlobal('fetch', fetch);
    const reload = vi.fn();
    const stop = startBellStream({ reload, replied: () => {} });
    await vi.advanceTimersByTimeAsync(10);
    expect(streamCalls(fetch)).toBe(1);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS + 10);
    expect(streamCalls(fetch)).toBe(2);
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stays closed when the session ended', async () => {
    const fetch = vi.fn(async () => endedStream('logout'));
    vi.stubGlobal('fetch', fetch);
    const stop = startBellStream({ reload: () => {}, replied: () => {} });
    await vi.advanceTimersByTimeAsync(10);
    expect(streamCalls(fetch)).toBe(1);
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS * 3);
    expect(streamCalls(fetch)).toBe(1);
    stop();
  });
});
