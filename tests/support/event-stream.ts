/**
 * A Server-Sent Events client for tests: opens the stream with a bearer token (as the bell does, with
 * fetch) and waits for named events, with a deadline so a missing event fails the test instead of
 * hanging it.
 */
export interface SseEvent {
  event: string;
  data: any;
}

export interface EventStreamClient {
  status: number;
  contentType: string | null;
  /** The next event named `name` (earlier events of other names are kept for later waits). */
  next(name: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(url: string, token: string): Promise<EventStreamClient> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const received: SseEvent[] = [];
  const waiters: { name: string; resolve: (e: SseEvent) => void }[] = [];
  const deliver = (e: SseEvent) => {
    const i = waiters.findIndex((w) => w.name === e.event);
    if (i >= 0) waiters.splice(i, 1)[0].resolve(e);
    else received.push(e);
  };
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length) deliver({ event, data: JSON.parse(data.join('\n')) });
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    ended,
    next(name, timeoutMs = 5_000) {
      const i = received.findIndex((e) => e.event === name);
      if (i >= 0) return Promise.resolve(received.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        const waiter = {
          name,
          resolve: (e: SseEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no '${name}' event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => abort.abort(),
  };
}
