/**
 * The bell's push channel: one Server-Sent Events stream per tab (msg/innerMessage/stream), read with
 * fetch because EventSource cannot send the bearer token and the tenant header. Each event reloads the
 * bell (new message, read elsewhere) or says a reply came. When the stream cannot open or breaks, the
 * bell polls instead and tries the stream again later; an expired token is refreshed first (the api
 * client's refresh queue). The server ends the stream when the session ends; the bell then stops. An
 * instance that shuts down ends its streams with the reason `shutdown`: the bell opens again later (on
 * whichever instance answers) and reads the list afresh, so nothing sent meanwhile is missed.
 */
import { SERVICE_PREFIX } from '../../schemas/catalogue-types.ts';
import { expireScreenOverrides } from '../../renderers/screen-overrides.ts';
import { refreshQueue } from '../api/client.ts';
import { apiAddressAtom } from '../api/api-address.ts';
import { operations } from '../api/generated/operations.ts';
import { accessTokenAtom, systemIdAtom, tenantIdAtom } from '../session/atoms.ts';
import { appStore } from '../session/store.ts';

/** While the stream is down, the bell reads the list this often. */
export const BELL_POLL_MS = 15_000;
/** How long after a failure the stream is tried again. */
export const STREAM_RETRY_MS = 10_000;
/** Token expired (spec §8): refresh, then open again at once. */
const TOKEN_EXPIRED = 6020301;

export interface BellStreamHandlers {
  /** Something changed in the user's inbox: read the bell list again. */
  reload(): void;
  /** Someone replied to a message the user sent. */
  replied(messageId: string): void;
}

function streamUrl(): string {
  const op = operations['msg.innerMessage.stream'];
  const { baseUrl, singleApp } = appStore.get(apiAddressAtom);
  return `${baseUrl.replace(/\/+$/, '')}${singleApp ? '' : SERVICE_PREFIX[op.service]}${op.path}`;
}

function headers(token: string): Record<string, string> {
  const h: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
  const tenantId = appStore.get(tenantIdAtom);
  const systemId = appStore.get(systemIdAtom);
  if (tenantId) h['X-Tenant-Id'] = tenantId;
  if (systemId) h['X-System-Id'] = systemId;
  return h;
}

/** Reads `event:`/`data:` blocks from the body until it ends; answers the last event name seen. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string, data: unknown) => void,
): Promise<string | undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let last: string | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return last;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trim());
      }
      if (!data.length) continue;
      last = name;
      try {
        onEvent(name, JSON.parse(data.join('\n')));
      } catch {
        // a malformed event is skipped
      }
    }
  }
}

/** Starts the stream (with its polling fallback); returns the function that stops both. */
export function startBellStream(handlers: BellStreamHandlers): () => void {
  const abort = new AbortController();
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const polling = (on: boolean) => {
    if (on && !pollTimer) pollTimer = setInterval(handlers.reload, BELL_POLL_MS);
    if (!on && pollTimer) {
      clearInterval(pollTimer);
      pollTimer = undefined;
    }
  };
  const later = () => {
    if (abort.signal.aborted) return;
    polling(true);
    retryTimer = setTimeout(() => void connect(), STREAM_RETRY_MS);
  };

  async function connect(): Promise<void> {
    const token = appStore.get(accessTokenAtom);
    if (abort.signal.aborted || !token) return;
    let response: Response;
    try {
      await refreshQueue.idle();
      response = await fetch(streamUrl(), { headers: headers(token), signal: abort.signal });
    } catch {
      return later();
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
      const envelope = (await response.json().catch(() => null)) as { state?: number } | null;
      if (envelope?.state === TOKEN_EXPIRED && (await refreshQueue.recover(token))) return connect();
      return later();
    }
    polling(false);
    // Whatever arrived while the stream was down.
    handlers.reload();
    let ended = false;
    try {
      await readEvents(response.body, (name, data) => {
        if (name === 'message' || name === 'read') handlers.reload();
        else if (name === 'reply')
          handlers.replied(String((data as { messageId?: unknown }).messageId ?? ''));
        else if (name === 'screens')
          expireScreenOverrides(); // a screen version was published
        // An instance going away is not the session ending: open again (elsewhere) below.
        else if (name === 'end') ended = (data as { reason?: unknown } | null)?.reason !== 'shutdown';
      });
    } catch {
      // broken connection: try again below
    }
    if (abort.signal.aborted) return;
    // The session ended (logout, expiry): open again only with a token that works (a refreshed one).
    if (ended) {
      const current = appStore.get(accessTokenAtom);
      if (current && current !== token) return connect();
      if (current && (await refreshQueue.recover(current))) return connect();
      return;
    }
    later();
  }

  void connect();
  return () => {
    abort.abort();
    polling(false);
    clearTimeout(retryTimer);
  };
}
