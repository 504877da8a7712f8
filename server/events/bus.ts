/**
 * The server's event bus: something happened that open streams (the bell) or caches of other server
 * processes should know about: a new message, a reply, and later a revoked session or changed
 * permissions. With PostgreSQL the events travel through LISTEN/NOTIFY, so every process behind one
 * address hears every event (no extra service); with embedded PGlite there is one process, and the
 * events stay in it.
 *
 * Payloads are small ({type, tenantId, ids}); a subscriber reads what it needs from the database
 * (NOTIFY payloads are limited to 8000 bytes).
 */
import type pg from 'pg';
import { sql } from 'kysely';
import { pgDriver, type Db } from '../db/database.ts';

export interface AppEvent {
  /** 'message.new', 'message.reply', 'message.read', 'session.ended'… */
  type: string;
  /** The tenant the event belongs to; null for platform-wide events. */
  tenantId: string | null;
  [field: string]: unknown;
}

export type EventListener = (event: AppEvent) => void;

export interface EventBus {
  /** Sends an event to every listener of every process. Call after the change is committed. */
  publish(event: AppEvent): Promise<void>;
  /** Listens to every event; returns the function that stops listening. */
  subscribe(listener: EventListener): () => void;
  /** Resolves once the bus hears events from other processes (immediately in-process). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_CHANNEL = 'app_events';
/** How long a lost LISTEN connection waits before it connects again. */
const RECONNECT_MS = 1_000;

function fanOut(listeners: Set<EventListener>, event: AppEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (err) {
      console.warn(`events: a listener of ${event.type} failed: ${(err as Error).message}`);
    }
  }
}

function parse(payload: string | undefined): AppEvent | null {
  if (!payload) return null;
  try {
    const e = JSON.parse(payload) as AppEvent;
    return typeof e?.type === 'string' ? e : null;
  } catch {
    return null;
  }
}

/** One process: events go straight to the listeners, after the current tick. */
export function inProcessBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
    async publish(event) {
      // A round trip through JSON, like NOTIFY, so no listener shares objects with the publisher.
      const copy = parse(JSON.stringify(event));
      if (copy) queueMicrotask(() => fanOut(listeners, copy));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: async () => {},
    close: async () => listeners.clear(),
  };
}

/**
 * Several processes on one PostgreSQL database: one dedicated LISTEN connection per process (a pool
 * connection cannot listen), NOTIFY through the ordinary pool. A process also hears its own events,
 * so local listeners are served the same way as remote ones.
 */
export function postgresBus(db: Db, databaseUrl: string): EventBus {
  const listeners = new Set<EventListener>();
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let connected!: () => void;
  let firstConnect = new Promise<void>((resolve) => (connected = resolve));

  const connect = async () => {
    if (closed) return;
    const c = new (pgDriver().Client)({ connectionString: databaseUrl });
    const retry = () => {
      if (client === c) client = null;
      c.removeAllListeners();
      c.end().catch(() => {});
      if (!closed && !timer) timer = setTimeout(() => ((timer = undefined), void connect()), RECONNECT_MS);
    };
    c.on('error', (err) => {
      console.warn(`events: LISTEN connection lost (${err.message}); connecting again`);
      retry();
    });
    c.on('end', retry);
    c.on('notification', (msg) => {
      if (msg.channel !== EVENT_CHANNEL) return;
      const event = parse(msg.payload);
      if (event) fanOut(listeners, event);
    });
    try {
      await c.connect();
      await c.query(`listen ${EVENT_CHANNEL}`);
      if (closed) return void c.end().catch(() => {});
      client = c;
      connected();
    } catch (err) {
      console.warn(`events: cannot LISTEN (${(err as Error).message}); trying again`);
      retry();
    }
  };
  void connect();

  return {
    async publish(event) {
      await sql`select pg_notify(${EVENT_CHANNEL}, ${JSON.stringify(event)})`.execute(db);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => firstConnect,
    async close() {
      closed = true;
      clearTimeout(timer);
      listeners.clear();
      const c = client;
      client = null;
      connected();
      firstConnect = Promise.resolve();
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}

export function openEventBus(db: Db, databaseUrl: string | undefined): EventBus {
  return databaseUrl ? postgresBus(db, databaseUrl) : inProcessBus();
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The event bus of this server process (server/events/bus.ts). */
    events: EventBus;
  }
}
