/**
 * Bad input, generated: for every operation of the catalogue, fast-check builds inputs from the
 * operation's own request schema (query and body, entities resolved) and then spoils them — a NUL in a
 * text, a lone UTF-16 surrogate, a reserved key (`__proto__`, `constructor`, `prototype`), a value of the
 * wrong type, an absurd number, an impossible date, a page number past any list, a required field left
 * out, deep or odd objects, list filters and sorts named after Object's own members, a multipart request
 * without a boundary — and sends each through the real server (app.inject) as the super user and as an
 * anonymous caller, on both databases.
 *
 * Every answer must be a JSON envelope {state, message, cause, data} (or, for a binary operation that
 * accepted the input, its file), never an HTTP 5xx; and a refused call (HTTP 4xx or a state other than
 * 200) must change no row of any table. Changes are seen by a row trigger the test puts on every table of
 * the platform, the filing area and each tenant space (tables made during the run get it too), which
 * notes each inserted, updated or deleted row, with the time, in a table of its own; after each
 * operation's inputs the rows are matched to the calls by time — so a refusal that wrote and committed
 * anything is caught, whatever the table. The only tables a refusal may write are the audit trails
 * (REFUSAL_MAY_WRITE): the operation log of a write attempt that passed the permission check, and the
 * log and lock-out count of a failed sign-in.
 *
 * The seed is fixed, so every run sends the same inputs. The count of inputs and the time are printed;
 * at least 10,000 inputs in all (spread over the databases of DB_KINDS).
 */
import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, loadEntities, type Operation } from '../../schemas/catalogue.ts';
import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { issueSession } from '../../server/auth/session.ts';
import { startTestServer, type DbKind, type TestServer } from '../support/server.ts';
import { db, demoTenantId } from './auth-support.ts';
import { DB_KINDS } from './databases.ts';

const SEED = 20_260_520;
const TOTAL_INPUTS = 10_000;
/** Tables a refused call may still write, and why. */
const REFUSAL_MAY_WRITE = new Set([
  // A write attempt that passed the permission check is logged, refused or not (audit/operation-log.ts).
  'platform.operation_log',
  // A failed sign-in is logged, and counted towards the lock-out of the account or address it tried.
  'platform.login_log',
  'platform.auth_failure',
]);
/**
 * 5xx answers that are not failures: 501 is the deliberate envelope of a feature this deployment has not
 * configured (single sign-on without CAS_URL, an operation without a handler), whatever the input.
 */
const DELIBERATE_5XX = new Set([501]);

type Schema = JsonSchema;
type Actor = 'super' | 'anonymous';

/** What came back: the HTTP status and content type, the envelope if the body was one, the body's text. */
interface Answer {
  status: number;
  type: string;
  envelope: { state?: unknown; message?: unknown; cause?: unknown; data?: unknown } | null;
  text?: string;
}

/** One call sent: when it started and was answered (epoch ms), whether it was accepted, how to show it. */
interface Call {
  start: number;
  end: number;
  accepted: boolean;
  shown: string;
}

const operations = [...loadCatalogue().values()];
const entities = new Map(loadEntities().map((e) => [String(e.$id), e]));

// ---------------------------------------------------------------------------------------------------
// Plausible values from a schema

function deref(s: Schema | undefined): Schema {
  let out = s ?? {};
  for (let i = 0; i < 10 && typeof out.$ref === 'string'; i++) out = entities.get(out.$ref) ?? {};
  return out;
}

/** allOf merged into one object schema (properties and required of every part). */
function flatten(s: Schema): Schema {
  const d = deref(s);
  if (!Array.isArray(d.allOf)) return d;
  const parts = (d.allOf as Schema[]).map(flatten);
  return {
    ...d,
    type: 'object',
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), d.properties ?? {}),
    required: [...new Set(parts.flatMap((p) => (p.required as string[]) ?? []))],
  };
}

function typeOf(s: Schema): string {
  const t = Array.isArray(s.type) ? (s.type as string[]).find((x) => x !== 'null') : (s.type as string);
  if (t) return t;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return 'string';
}

const TEXT_UNITS = fc.constantFrom(...'ab1Z_-.测试公司 '.split(''));

const FORMATTED: Record<string, string[]> = {
  date: ['2024-05-20', '2023-12-31'],
  datetime: ['2024-05-20 10:00:00'],
  'date-time': ['2024-05-20T10:00:00Z'],
  mobile: ['13800138000'],
  'validation.mobile': ['13800138000'],
  email: ['a@example.com'],
  'validation.email': ['a@example.com'],
  'email-local': ['someone'],
  key: ['key_1'],
  'key-alias': ['alias_1'],
};

/** Values a schema accepts (most of the time: patterns are not followed), for generated requests. */
export function plausible(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = flatten(schema ?? {});
  if (depth > 5) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length && !s.properties)
    return fc.oneof(...alternatives.map((a) => plausible(a, depth + 1)));
  switch (typeOf(s)) {
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : 0;
      const max = typeof s.maximum === 'number' ? s.maximum : min + 100;
      return fc.integer({ min, max: Math.min(max, min + 1000) });
    }
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : 0;
      const max = typeof s.maximum === 'number' ? s.maximum : min + 100;
      return fc.double({ min, max: Math.min(max, min + 1000), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, 3));
      return fc.array(plausible(s.items as Schema, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = ((s.required as string[]) ?? []).filter((k) => k in props);
      const keys = Object.keys(props);
      if (!keys.length) return fc.constant({});
      return fc.record(
        Object.fromEntries(keys.map((k) => [k, plausible(props[k], depth + 1)])) as Record<
          string,
          fc.Arbitrary<unknown>
        >,
        { requiredKeys: required },
      );
    }
    default: {
      const format = typeof s.format === 'string' ? FORMATTED[s.format] : undefined;
      if (format) return fc.constantFrom(...format);
      const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
      const maxLength = Math.max(minLength, Math.min(typeof s.maxLength === 'number' ? s.maxLength : 8, 8));
      return fc.string({ unit: TEXT_UNITS, minLength, maxLength });
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Spoiling them

/** An object {a: {a: … }} `levels` deep. */
function deep(levels: number, leaf: unknown = 1): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

const BAD_TEXT = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\u0000',
  '',
  ' ',
  'x'.repeat(5000),
  "' or 1=1; drop table x; --",
  '%_\\',
  'constructor',
  '__proto__',
  'toString',
];
const BAD_DATES = [
  '2024-13-45',
  '0000-00-00',
  '0000-01-01',
  '99999-12-31',
  '2024-02-30',
  'yesterday',
  '2024-01-01 25:61:61',
];
const BAD_NUMBERS = [1e308, -1e308, 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1, 2 ** 63, -1, 0, 1.5, 1e-9];
const BAD_SHAPES: unknown[] = [null, true, [], {}, [null], { a: 1 }, deep(40), deep(8, '\u0000')];
const BAD_LEAF = fc.constantFrom<unknown>(...BAD_TEXT, ...BAD_DATES, ...BAD_NUMBERS, ...BAD_SHAPES);
const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'a\u0000b',
  '\uD800',
  'toString',
  'hasOwnProperty',
  'unknownField',
];
/** Filter keys some lists know, Object's own members, and nonsense. */
const FILTER_KEYS = [
  'createTimeFrom',
  'createTimeTo',
  'decidedFrom',
  'decidedTo',
  'publishedFrom',
  'liveFrom',
  'year',
  'keyword',
  'name',
  'account',
  'status',
  'state',
  'ext',
  'fileType',
  'constructor',
  '__proto__',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
];
const SORT_FIELDS = ['constructor', '__proto__', 'prototype', 'toString', 'valueOf', 'createTime', 'name'];

type Path = (string | number)[];

/** Paths of every value inside `v` (the root is []). */
function pathsOf(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (at.length > 6) return out;
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...at, k], out);
  return out;
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Sets (or, with `remove`, deletes) the value at a path; an own '__proto__' key is a real key. */
function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (!path.length) return value;
  let parent = root as Record<string | number, unknown>;
  for (const p of path.slice(0, -1)) parent = parent[p] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

/** Paths of objects (not arrays) in a value. */
const objectPaths = (v: unknown) =>
  pathsOf(v).filter((p) => {
    const x = p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], v);
    return x !== null && typeof x === 'object' && !Array.isArray(x);
  });

const isListRequest = (s: Schema | undefined) => !!s && deref(s).$id === 'list-request';

type Spoil = (v: unknown) => fc.Arbitrary<unknown>;

function spoilsFor(schema: Schema | undefined): Spoil[] {
  const s = flatten(schema ?? {});
  const required = new Set((s.required as string[]) ?? []);
  const spoils: Spoil[] = [
    // One value anywhere replaced by a bad one.
    (v) => {
      const paths = pathsOf(v);
      return fc.tuple(fc.constantFrom(...paths), BAD_LEAF).map(([p, bad]) => setAt(clone(v), p, clone(bad)));
    },
    // A reserved, invalid or unknown key added to an object.
    (v) => {
      const at = objectPaths(v);
      if (!at.length) return fc.constant(v);
      return fc
        .tuple(fc.constantFrom(...at), fc.constantFrom(...ODD_KEYS), BAD_LEAF)
        .map(([p, k, bad]) => setAt(clone(v), [...p, k], clone(bad)));
    },
    // The whole input of the wrong kind.
    () => fc.constantFrom<unknown>('x', 1, [], null, [{}], deep(40), { __proto__x: 1 }),
  ];
  if (required.size)
    // A required field left out.
    spoils.push((v) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? fc.constantFrom(...[...required]).map((k) => setAt(clone(v), [k], undefined, true))
        : fc.constant(v),
    );
  if (isListRequest(schema)) {
    // Filters and sorts by Object's own members, impossible dates, pages past any list.
    const value = fc.constantFrom<unknown>(
      ...BAD_DATES,
      ...BAD_TEXT.slice(0, 5),
      2 ** 53 + 2,
      ['a', '\u0000'],
      { a: 1 },
    );
    spoils.push(
      () =>
        fc
          .tuple(fc.constantFrom(...FILTER_KEYS), value)
          .map(([key, v]) => ({ parameters: [{ key, value: v }], requestPage: { pageNo: 1, limit: 20 } })),
      () =>
        fc
          .tuple(fc.constantFrom(...SORT_FIELDS), fc.constantFrom('ASC', 'DESC'))
          .map(([field, order]) => ({ sorts: [{ field, order }] })),
      () =>
        fc
          .tuple(
            fc.constantFrom(2 ** 31, 2 ** 40, 2 ** 53 - 1, 1_000_000, 1_000_001, 999_999),
            fc.constantFrom(1, 20, 1000),
            fc.constantFrom(undefined, 2 ** 31, 10 ** 13),
          )
          .map(([pageNo, limit, totalCount]) => ({
            requestPage: { pageNo, limit, ...(totalCount === undefined ? {} : { totalCount }) },
          })),
    );
  }
  return spoils;
}

/** A spoiled input for a schema: a plausible value, then one spoil. */
function badInputFor(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const spoils = spoilsFor(schema);
  return fc
    .tuple(plausible(schema), fc.integer({ min: 0, max: spoils.length - 1 }))
    .chain(([v, i]) => spoils[i](v));
}

// ---------------------------------------------------------------------------------------------------
// Sending

/** Percent-encoding that also carries lone surrogates (as the 3-byte sequences no decoder accepts). */
function encode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pair =
      c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff)
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(text[i]);
  }
  return out;
}

function queryString(q: unknown): string {
  if (q === undefined) return '';
  if (q === null || typeof q !== 'object' || Array.isArray(q)) return `?${encode(JSON.stringify(q))}`;
  const parts: string[] = [];
  const text = (v: unknown) =>
    typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) parts.push(`${encode(k)}=${encode(text(x))}`);
    else parts.push(`${encode(k)}=${encode(text(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

interface Input {
  query?: unknown;
  body?: unknown;
  /** A multipart content type without a usable boundary (upload operations). */
  badMultipart?: string;
}

function inputFor(op: Operation): fc.Arbitrary<Input> {
  const q = op.request?.query;
  const b = op.request?.body;
  const sendsBody = op.method === 'POST';
  const parts: fc.Arbitrary<Input>[] = [];
  const validQuery = q ? plausible(q) : fc.constant(undefined);
  const validBody = b && sendsBody ? plausible(b) : fc.constant(sendsBody ? {} : undefined);
  if (q) parts.push(fc.tuple(badInputFor(q), validBody).map(([query, body]) => ({ query, body })));
  if (b && sendsBody)
    parts.push(fc.tuple(validQuery, badInputFor(b)).map(([query, body]) => ({ query, body })));
  if (!q && !(b && sendsBody))
    parts.push(
      fc
        .tuple(
          badInputFor({ type: 'object', properties: {} }),
          badInputFor({ type: 'object', properties: {} }),
        )
        .map(([query, body]) => ({ query, body: sendsBody ? body : undefined })),
    );
  if (op.request?.multipart)
    parts.push(
      fc
        .constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=',
          `multipart/form-data; boundary=${'b'.repeat(80)}`,
        )
        .map((badMultipart) => ({ badMultipart })),
    );
  return fc.oneof(...parts);
}

// ---------------------------------------------------------------------------------------------------

export function describeGeneratedBadInput(kind: DbKind): void {
  describe.skipIf(!DB_KINDS.includes(kind))(`generated bad input on ${kind}`, () => {
    let t: TestServer;
    let demo: string;
    let systemId: string;
    let superId: string;
    let lastChange = 0;

    beforeAll(async () => {
      // The per-address limits of sign-in, SMS and captcha are off: they would answer most public calls
      // with 6010102 before their handler saw the input (and count each refused sign-in in a table).
      t = await startTestServer(kind, { rateLimitPerMinute: 0 }, { filingWorkers: false });
      demo = await demoTenantId(t);
      systemId = (
        await db(t)
          .selectFrom('platform.subsystem')
          .select('id')
          .where('alias', '=', 'merger')
          .executeTakeFirstOrThrow()
      ).id;
      superId = (
        await db(t)
          .selectFrom('platform.account')
          .select('id')
          .where('account', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id;
      // A row trigger on every table of ours notes each changed row; tables made later get it as they are made.
      await sql
        .raw(
          `create table public.zz_change (id bigserial primary key, tbl text not null, what text not null,
                                        at timestamptz not null default clock_timestamp());
         create function public.zz_note() returns trigger language plpgsql as $$
           begin insert into public.zz_change (tbl, what) values (tg_table_schema || '.' || tg_table_name, tg_op || ' ' || left(coalesce(row_to_json(new)::text, row_to_json(old)::text), 400)); return null; end $$;
         create function public.zz_watch(s text, t text) returns void language plpgsql as $$
           begin execute format('create trigger zz_note after insert or update or delete on %I.%I for each row execute function public.zz_note()', s, t); end $$;
         select public.zz_watch(table_schema, table_name) from information_schema.tables
          where table_type = 'BASE TABLE' and (table_schema in ('platform', 'filing') or table_schema like 't\\_%');`,
        )
        .execute(db(t));
    });
    afterAll(async () => t?.close());

    /** Rows changed since the last look: table, operation and row, and when (epoch milliseconds). */
    async function changes(): Promise<{ table: string; what: string; ms: number }[]> {
      const rows = await sql<{ n: string; tbl: string; what: string; ms: number }>`
      select id::text as n, tbl, what, floor(extract(epoch from at) * 1000)::float8 as ms
        from public.zz_change where id > ${lastChange} order by id`.execute(db(t));
      if (rows.rows.length) lastChange = Number(rows.rows[rows.rows.length - 1].n);
      return rows.rows.map((r) => ({ table: r.tbl, what: r.what, ms: Number(r.ms) }));
    }

    let tableCount = 0;
    const countTables = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from pg_catalog.pg_tables`.execute(db(t))).rows[0]
          .n,
      );

    async function watchNewTables(): Promise<void> {
      const n = await countTables();
      if (n === tableCount) return;
      tableCount = n;
      await sql`
      select public.zz_watch(c.table_schema, c.table_name) from information_schema.tables c
       where c.table_type = 'BASE TABLE' and (c.table_schema in ('platform', 'filing') or c.table_schema like 't\\_%')
         and not exists (select 1 from information_schema.triggers g
                          where g.event_object_schema = c.table_schema and g.event_object_table = c.table_name
                            and g.trigger_name = 'zz_note')`.execute(db(t));
    }

    async function send(op: Operation, input: Input, token: string | null): Promise<Answer> {
      const headers: Record<string, string> = { 'accept-language': 'en' };
      if (token) headers.authorization = `Bearer ${token}`;
      let payload: string | undefined;
      if (input.badMultipart) {
        headers['content-type'] = input.badMultipart;
        payload =
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--x--\r\n';
      } else if (op.method === 'POST') {
        headers['content-type'] = 'application/json';
        payload = input.body === undefined ? '{}' : JSON.stringify(input.body);
      }
      const request = {
        method: op.method,
        url: `${t.config.apiBase}${op.path}${queryString(input.query)}`,
        headers,
        payload,
      };
      let text: string;
      let status: number;
      let type: string;
      if (op.binary) {
        // A file or an event stream that opened is not read to its end (a stream never ends).
        const res = await t.server.app.inject({ ...request, payloadAsStream: true });
        status = res.statusCode;
        type = String(res.headers['content-type'] ?? '');
        const stream = res.stream();
        if (type.startsWith('text/event-stream')) {
          stream.destroy();
          return { status, type, envelope: null };
        }
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
        text = Buffer.concat(chunks).toString('utf8');
      } else {
        const res = await t.server.app.inject(request);
        status = res.statusCode;
        type = String(res.headers['content-type'] ?? '');
        text = res.body;
      }
      let envelope: Answer['envelope'] = null;
      try {
        envelope = JSON.parse(text) as Answer['envelope'];
      } catch {
        envelope = null;
      }
      return { status, type, envelope, text };
    }

    it('answers every generated bad input with a 4xx envelope (never a 5xx) and changes nothing when it refuses', async () => {
      const started = Date.now();
      const perKind = Math.ceil(TOTAL_INPUTS / DB_KINDS.length);
      // Inputs per operation and caller: the super user reaches every handler, anonymous callers the public ones.
      const publicOps = operations.filter((o) => o.access === 'public').length;
      // (An anonymous call of a non-public operation stops at the session check: a few suffice.)
      const anonymousRuns = 3;
      const superRuns = Math.ceil(
        (perKind - (operations.length - publicOps) * anonymousRuns) / (operations.length + publicOps),
      );
      /** Problems by kind, operation and caller: how many, and the first one in full. */
      const problems = new Map<string, { n: number; first: string }>();
      const problem = (key: string, text: string) => {
        const p = problems.get(key);
        if (p) p.n += 1;
        else problems.set(key, { n: 1, first: text });
      };
      let sent = 0;
      let refused = 0;
      const statuses = new Map<number, number>();
      await changes();
      tableCount = await countTables();
      for (const [index, op] of operations.entries()) {
        for (const actor of ['super', 'anonymous'] as Actor[]) {
          const token =
            actor === 'super'
              ? (await issueSession(db(t), superId, 600, { tenantId: demo, systemId })).access_token
              : null;
          await changes();
          const runs = actor === 'super' ? superRuns : op.access === 'public' ? superRuns : anonymousRuns;
          const calls: Call[] = [];
          await fc.assert(
            fc.asyncProperty(inputFor(op), async (input) => {
              sent += 1;
              const call: Call = { start: Date.now(), end: 0, accepted: false, shown: '' };
              calls.push(call);
              const answer = await send(op, input, token).catch((err: Error): Answer => ({
                // The answer broke off (a stream that failed after its headers): no envelope, a failure.
                status: 599,
                type: '',
                envelope: null,
                text: `no complete answer: ${err.message}`,
              }));
              call.end = Date.now();
              statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
              const isFile =
                op.binary === true && answer.status < 300 && answer.envelope?.state === undefined;
              const env = answer.envelope;
              const wellFormed =
                env !== null &&
                typeof env.state === 'number' &&
                typeof env.message === 'string' &&
                'cause' in env &&
                'data' in env;
              call.accepted = answer.status < 300 && (isFile || env?.state === 200);
              call.shown = `${op.id} as ${actor} ${JSON.stringify(input)?.slice(0, 300)} → ${answer.status} ${
                answer.text?.slice(0, 200) ?? answer.type
              }`;
              if (
                answer.status >= 500 &&
                !(DELIBERATE_5XX.has(answer.status) && env?.state === answer.status)
              )
                problem(`5xx ${op.id} ${actor}`, `5xx: ${call.shown}`);
              else if (!isFile && !wellFormed)
                problem(`envelope ${op.id} ${actor}`, `not an envelope: ${call.shown}`);
              if (!call.accepted) refused += 1;
              return true;
            }),
            { seed: SEED + index * 2 + (actor === 'super' ? 0 : 1), numRuns: runs, endOnFailure: true },
          );
          // Each changed row belongs to the call in whose time it was written (a call's time runs until the
          // next one starts); at a millisecond two calls share, an accepted call is taken to have written it.
          for (const change of await changes()) {
            if (REFUSAL_MAY_WRITE.has(change.table)) continue;
            const owners = calls.filter(
              (c, i) => c.start <= change.ms && change.ms <= (calls[i + 1]?.start ?? Infinity),
            );
            if (owners.length && owners.every((c) => !c.accepted))
              problem(
                `wrote ${change.table} ${op.id} ${actor}`,
                `refused but wrote ${change.table} ${change.what.slice(0, 200)}: ${owners[0].shown}`,
              );
          }
          if (calls.some((c) => c.accepted)) await watchNewTables();
        }
      }
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `generated bad input on ${kind}: ${sent} inputs over ${operations.length} operations ` +
          `(${publicOps} public; ${superRuns} per operation as the super user, ${anonymousRuns} anonymous, ` +
          `${superRuns} anonymous on public ones), ${refused} refused, in ${seconds.toFixed(1)} s; ` +
          `HTTP ${[...statuses]
            .sort((a, b) => a[0] - b[0])
            .map(([s, n]) => `${s}×${n}`)
            .join(' ')}`,
      );
      expect([...problems.values()].map((p) => `${p.n}× ${p.first.slice(0, 700)}`)).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(perKind);
    }, 600_000);
  });
}
