/**
 * platform.screen_version: the saved versions of screens per scope (tenant_id null: the platform's).
 * Every change of one screen in one scope runs under a transaction lock on that pair, so two saves or
 * publishes at once take distinct numbers; a refused publish or restore writes nothing.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import { newId } from '../../auth/tokens.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { nextVersion, publishedNumber } from './rules.ts';
import './tables.ts';

const TABLE = 'platform.screen_version';

/** A version as stored, content aside. */
export interface StoredVersion {
  name: string;
  tenantId: string | null;
  version: number;
  state: 'DRAFT' | 'PUBLISHED';
  authorName: string | null;
  note: string | null;
  basePlatformVersion: number | null;
  restoredFrom: number | null;
  createdAt: Date;
}

export interface StoredContent extends StoredVersion {
  content: unknown;
}

const COLUMNS = [
  'name',
  'tenant_id',
  'version',
  'state',
  'author_name',
  'note',
  'base_platform_version',
  'restored_from',
  'created_at',
] as const;

type Row = {
  name: string;
  tenant_id: string | null;
  version: number;
  state: 'DRAFT' | 'PUBLISHED';
  author_name: string | null;
  note: string | null;
  base_platform_version: number | null;
  restored_from: number | null;
  created_at: Date;
  content?: unknown;
};

function stored(r: Row): StoredContent {
  return {
    name: r.name,
    tenantId: r.tenant_id,
    version: Number(r.version),
    state: r.state,
    authorName: r.author_name,
    note: r.note,
    basePlatformVersion: r.base_platform_version === null ? null : Number(r.base_platform_version),
    restoredFrom: r.restored_from === null ? null : Number(r.restored_from),
    createdAt: new Date(r.created_at),
    content: r.content,
  };
}

type Eb = ExpressionBuilder<Database, typeof TABLE>;
const inScope = (tenantId: string | null) => (eb: Eb) =>
  tenantId === null ? eb('tenant_id', 'is', null) : eb('tenant_id', '=', tenantId);
/** The platform's rows and, with a tenant, that tenant's. */
const visibleTo = (tenantId: string | null) => (eb: Eb) =>
  tenantId === null
    ? eb('tenant_id', 'is', null)
    : eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]);

async function lockScreen(tx: Db, name: string, tenantId: string | null): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`screen-version:${name}:${tenantId ?? ''}`}))`.execute(
    tx,
  );
}

async function highest(
  db: Db,
  name: string,
  tenantId: string | null,
  state?: 'PUBLISHED',
): Promise<number | null> {
  let q = db
    .selectFrom(TABLE)
    .select((eb) => eb.fn.max<number | null>('version').as('n'))
    .where('name', '=', name)
    .where(inScope(tenantId));
  if (state) q = q.where('state', '=', state);
  const n = (await q.executeTakeFirst())?.n;
  return n === null || n === undefined ? null : Number(n);
}

/** One version with its content. */
export async function findVersion(
  db: Db,
  name: string,
  tenantId: string | null,
  version: number,
): Promise<StoredContent | undefined> {
  const r = await db
    .selectFrom(TABLE)
    .select([...COLUMNS, 'content'])
    .where('name', '=', name)
    .where(inScope(tenantId))
    .where('version', '=', version)
    .executeTakeFirst();
  return r ? stored(r as Row) : undefined;
}

/** The scope's current version: its newest published one. */
export async function currentVersion(
  db: Db,
  name: string,
  tenantId: string | null,
): Promise<StoredContent | undefined> {
  const r = await db
    .selectFrom(TABLE)
    .select([...COLUMNS, 'content'])
    .where('name', '=', name)
    .where(inScope(tenantId))
    .where('state', '=', 'PUBLISHED')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? stored(r as Row) : undefined;
}

/** The number of the scope's current version, 0 when only the file exists. */
export async function currentNumber(db: Db, name: string, tenantId: string | null): Promise<number> {
  return (await highest(db, name, tenantId, 'PUBLISHED')) ?? 0;
}

/** Every stored version of a screen in a scope, newest first (without content). */
export async function listVersions(db: Db, name: string, tenantId: string | null): Promise<StoredVersion[]> {
  const rows = await db
    .selectFrom(TABLE)
    .select([...COLUMNS])
    .where('name', '=', name)
    .where(inScope(tenantId))
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => stored(r as Row));
}

/**
 * The newest published version of each screen in the platform's scope and the tenant's (without
 * content unless asked), and the open drafts there.
 */
export async function publishedVersions(
  db: Db,
  tenantId: string | null,
  withContent: true,
): Promise<StoredContent[]>;
export async function publishedVersions(
  db: Db,
  tenantId: string | null,
  withContent?: false,
): Promise<(StoredVersion & { kind: string | null })[]>;
export async function publishedVersions(
  db: Db,
  tenantId: string | null,
  withContent = false,
): Promise<(StoredVersion & { kind?: string | null; content?: unknown })[]> {
  const rows = await db
    .selectFrom(TABLE)
    .distinctOn(['name', 'tenant_id'])
    .select([...COLUMNS])
    .$if(withContent, (q) => q.select('content'))
    .$if(!withContent, (q) => q.select(sql<string | null>`content->>'kind'`.as('kind')))
    .where('state', '=', 'PUBLISHED')
    .where(visibleTo(tenantId))
    .orderBy('name')
    .orderBy('tenant_id')
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => {
    const row = r as Row & { kind?: string | null };
    const out = stored(row);
    if (!withContent) {
      delete out.content;
      return { ...out, kind: row.kind ?? null };
    }
    return out;
  });
}

/** The open drafts of the platform's scope and the tenant's. */
export async function openDrafts(db: Db, tenantId: string | null): Promise<StoredVersion[]> {
  const rows = await db
    .selectFrom(TABLE)
    .select([...COLUMNS])
    .where('state', '=', 'DRAFT')
    .where(visibleTo(tenantId))
    .execute();
  return rows.map((r) => stored(r as Row));
}

export interface Author {
  accountId: string;
  name: string;
}

/** Saves the scope's draft: replaces the open one (keeping its number) or opens one with the next number. */
export async function saveDraft(
  db: Db,
  input: {
    name: string;
    tenantId: string | null;
    content: unknown;
    note: string | null;
    author: Author;
    basePlatformVersion: number | null;
  },
): Promise<StoredVersion> {
  const { name, tenantId } = input;
  return inTransaction(db, async (tx) => {
    await lockScreen(tx, name, tenantId);
    const values = {
      content: JSON.stringify(input.content),
      note: input.note,
      author_id: input.author.accountId,
      author_name: input.author.name,
      base_platform_version: input.basePlatformVersion,
      created_at: new Date(),
    };
    const open = await tx
      .selectFrom(TABLE)
      .select('id')
      .where('name', '=', name)
      .where(inScope(tenantId))
      .where('state', '=', 'DRAFT')
      .executeTakeFirst();
    const row = open
      ? await tx
          .updateTable(TABLE)
          .set(values)
          .where('id', '=', open.id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
      : await tx
          .insertInto(TABLE)
          .values({
            ...values,
            id: newId(),
            name,
            tenant_id: tenantId,
            version: nextVersion(await highest(tx, name, tenantId)),
            state: 'DRAFT',
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
    return stored(row as Row);
  });
}

/**
 * Publishes the scope's draft `version`. `verify` sees its content first and throws to refuse it (the
 * transaction then ends with nothing written).
 */
export async function publishDraft(
  db: Db,
  input: { name: string; tenantId: string | null; version: number },
  verify: (content: unknown) => void,
): Promise<StoredVersion> {
  const { name, tenantId, version } = input;
  return inTransaction(db, async (tx) => {
    await lockScreen(tx, name, tenantId);
    const draft = await findVersion(tx, name, tenantId, version);
    if (!draft) throw new ApiError(Code.NOT_FOUND, 'screenConfig.noVersion', { name, version });
    if (draft.state !== 'DRAFT')
      throw new ApiError(Code.ILLEGAL_REQUEST, 'screenConfig.notDraft', { version });
    verify(draft.content);
    const number = publishedNumber(version, (await highest(tx, name, tenantId, 'PUBLISHED')) ?? 0);
    const row = await tx
      .updateTable(TABLE)
      .set({ state: 'PUBLISHED', published_at: new Date(), version: number })
      .where('name', '=', name)
      .where(inScope(tenantId))
      .where('version', '=', version)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return stored(row as Row);
  });
}

/**
 * Publishes a new version with the given content, taken from version `restoredFrom` (0: the file),
 * after `verify` accepts it.
 */
export async function publishRestored(
  db: Db,
  input: {
    name: string;
    tenantId: string | null;
    content: unknown;
    restoredFrom: number;
    author: Author;
    basePlatformVersion: number | null;
  },
  verify: (content: unknown) => void,
): Promise<StoredVersion> {
  const { name, tenantId } = input;
  verify(input.content);
  return inTransaction(db, async (tx) => {
    await lockScreen(tx, name, tenantId);
    const row = await tx
      .insertInto(TABLE)
      .values({
        id: newId(),
        name,
        tenant_id: tenantId,
        version: nextVersion(await highest(tx, name, tenantId)),
        state: 'PUBLISHED',
        content: JSON.stringify(input.content),
        author_id: input.author.accountId,
        author_name: input.author.name,
        note: null,
        base_platform_version: input.basePlatformVersion,
        restored_from: input.restoredFrom,
        published_at: new Date(),
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return stored(row as Row);
  });
}
