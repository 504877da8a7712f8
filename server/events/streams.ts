/**
 * Open Server-Sent Event streams of this process (one per signed-in browser tab) and their lifetime:
 * each belongs to a session and a tenant, and is closed when the session ends (logout, revocation,
 * expiry, another client signing in). Sessions are checked in one query per sweep for all open streams,
 * so a thousand tabs cost one query every few seconds; an event on the bus ('session.ended') closes
 * them at once.
 */
import type { ServerResponse } from 'node:http';
import type { Db } from '../db/database.ts';
import type { AppEvent, EventBus } from './bus.ts';

export interface Stream {
  id: number;
  sessionId: string;
  familyId: string | null;
  accountId: string;
  tenantId: string;
  tenantSchema: string;
  /** What the feature that opened it needs to route events (the bell: the receiver's target keys). */
  keys: Set<string>;
  /** Works `keys` out again (after a membership change: server/events/membership.ts). */
  refreshKeys?: () => Promise<Iterable<string>>;
  send(event: string, data: unknown): void;
  close(reason: string): void;
}

export interface StreamRegistry {
  open(res: ServerResponse, s: Omit<Stream, 'id' | 'send' | 'close'>): Stream;
  /** Streams of one tenant (all when tenantId is null). */
  of(tenantId: string | null): Stream[];
  /** Closes streams whose session has ended; runs by itself every sweepMs. */
  sweep(): Promise<void>;
  size(): number;
  close(): void;
}

/** A comment line every so often, so proxies and browsers keep an idle stream open. */
const HEARTBEAT_MS = 25_000;

export function streamRegistry(db: Db, bus: EventBus, sweepMs = 5_000): StreamRegistry {
  const streams = new Map<number, Stream>();
  let nextId = 1;

  const closeWhere = (match: (s: Stream) => boolean, reason: string) => {
    for (const s of [...streams.values()]) if (match(s)) s.close(reason);
  };

  const unsubscribe = bus.subscribe((e: AppEvent) => {
    if (e.type !== 'session.ended') return;
    closeWhere(
      (s) =>
        (typeof e.sessionId === 'string' && s.sessionId === e.sessionId) ||
        (typeof e.familyId === 'string' && s.familyId === e.familyId) ||
        (typeof e.accountId === 'string' && s.accountId === e.accountId),
      'session',
    );
  });

  const registry: StreamRegistry = {
    open(res, info) {
      const id = nextId++;
      let closed = false;
      const write = (chunk: string) => {
        if (!closed && !res.writableEnded) res.write(chunk);
      };
      const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const stream: Stream = {
        ...info,
        id,
        send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        close: (reason) => {
          if (closed) return;
          write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
          closed = true;
          clearInterval(heartbeat);
          streams.delete(id);
          res.end();
        },
      };
      res.on('close', () => {
        closed = true;
        clearInterval(heartbeat);
        streams.delete(id);
      });
      streams.set(id, stream);
      return stream;
    },
    of: (tenantId) => [...streams.values()].filter((s) => tenantId === null || s.tenantId === tenantId),
    async sweep() {
      // Only the streams open when the query starts are judged by it: one opened while it runs has a
      // session the query never looked at (closing it would end a fresh tab's stream at once).
      const checked = [...streams.values()];
      const ids = [...new Set(checked.map((s) => s.sessionId))];
      if (!ids.length) return;
      const alive = await db
        .selectFrom('platform.session as s')
        .leftJoin('platform.session_family as f', 'f.id', 's.family_id')
        .select('s.id')
        .where('s.id', 'in', ids)
        .where('s.revoked_at', 'is', null)
        .where('f.revoked_at', 'is', null)
        .where('s.expires_at', '>', new Date())
        .execute();
      const live = new Set(alive.map((r) => r.id));
      for (const s of checked) if (!live.has(s.sessionId)) s.close('session');
    },
    size: () => streams.size,
    close() {
      clearInterval(timer);
      unsubscribe();
      closeWhere(() => true, 'shutdown');
    },
  };
  const timer = setInterval(() => {
    registry.sweep().catch((err) => console.warn(`streams: session sweep failed: ${(err as Error).message}`));
  }, sweepMs);
  timer.unref();
  return registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Open event streams of this process (server/events/streams.ts). */
    streams: StreamRegistry;
  }
}
