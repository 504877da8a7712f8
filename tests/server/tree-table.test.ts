/**
 * The one tree-table module (server/modules/people/tree-table.ts) behind organisations, positions and
 * user groups, on both databases: the three kinds build, move, sort and remove alike, and every change
 * of a tree — user-group removal included — runs in one transaction under the table's lock, so a
 * removal racing a move under the removed node leaves no orphan.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { ApiError } from '../../server/http/envelope.ts';
import { ROOT_ID } from '../../server/modules/people/common.ts';
import {
  findNode,
  inTreeTransaction,
  moveNode,
  removeNodes,
  sortSiblings,
  treeChildren,
  type TreeKind,
  type TreeRow,
} from '../../server/modules/people/tree-table.ts';
import { ORG_TREE } from '../../server/modules/orgs/handlers.ts';
import { POSITION_TREE } from '../../server/modules/positions/handlers.ts';
import { GROUP_TREE } from '../../server/modules/groups/handlers.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

const SCHEMA = tenantSchemaName('demo');

/** How each kind is saved over HTTP (the save handlers place nodes through the module too). */
const KINDS = [
  { kind: ORG_TREE as TreeKind<never>, save: '/org/save' },
  { kind: POSITION_TREE as TreeKind<never>, save: '/position/save' },
  { kind: GROUP_TREE as TreeKind<never>, save: '/group/saveCascade' },
];

/** The error a call of the module throws, as code and message key. */
async function failure(p: Promise<unknown>): Promise<{ code: number; key: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, key: e.key };
    throw e;
  }
  throw new Error('expected the change to be refused');
}

/** Polls `probe` until it is true (a condition, not a fixed sleep); fails after `ms`. */
async function until(probe: () => Promise<boolean>, ms = 45_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(dbKindsOf(import.meta.url))('tree tables on %s', (dbKind) => {
  let t: TestServer;
  let admin: string;
  const db = () => t.server.database.db;
  const space = () => db().withSchema(SCHEMA);
  const post = (path: string, body?: unknown) => call(t, 'POST', path, { token: admin, body });
  let serial = 0;

  beforeAll(async () => {
    t = await startTestServer(dbKind);
    admin = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  async function create(
    save: string,
    kind: TreeKind<never>,
    name: string,
    parentId: string = ROOT_ID,
  ): Promise<string> {
    serial += 1;
    const res = await post(save, { name, [kind.key]: `treeTest${serial}`, parentId });
    expect(res.body.state, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as string;
  }

  /** Every node's parent exists (or is the root). */
  async function orphans(kind: TreeKind<never>): Promise<string[]> {
    const rows = await sql<{
      id: string;
      parent_id: string;
    }>`select id, parent_id from ${sql.id(SCHEMA, kind.table)}`.execute(db());
    const ids = new Set(rows.rows.map((r) => r.id));
    return rows.rows.filter((r) => r.parent_id !== ROOT_ID && !ids.has(r.parent_id)).map((r) => r.id);
  }

  it.each(KINDS.map((k) => [k.kind.table, k] as const))(
    '%s: builds, moves, sorts and removes through the module',
    async (_table, { kind, save }) => {
      const change = <T>(fn: Parameters<typeof inTreeTransaction<T>>[3]) =>
        inTreeTransaction(db(), SCHEMA, kind, fn);
      const a = await create(save, kind, `甲${kind.table}`);
      const aKey = `treeTest${serial}`;
      const b = await create(save, kind, '乙', a);
      const c = await create(save, kind, '丙', b);
      const d = await create(save, kind, '丁', a);

      // One level of the lazy tree, in order, each node knowing whether it has children.
      const level = await treeChildren(space(), kind, a);
      expect(level.map((n) => [n.id, n.parentId, n.isParent, n.disabled])).toEqual([
        [b, a, true, false],
        [d, a, false, false],
      ]);

      // Not under itself, not under a descendant; nothing changes.
      for (const target of [a, c]) {
        expect(await failure(change((tx) => moveNode(tx, kind, 'en', a, target)))).toEqual({
          code: 6010101,
          key: `people.${kind.what}.moveIntoOwnSubtree`,
        });
      }
      expect((await findNode(space(), kind, a))?.parent_id).toBe(ROOT_ID);

      // A move goes to the end of the new siblings; organisations rewrite the paths below.
      await change((tx) => moveNode(tx, kind, 'en', c, a));
      const moved = (await findNode(space(), kind, c)) as TreeRow;
      expect(moved).toMatchObject({ parent_id: a, sn: 2 });
      if (kind.paths) {
        const row = await space()
          .selectFrom('org')
          .select('path')
          .where('id', '=', c)
          .executeTakeFirstOrThrow();
        expect(row.path).toBe(`${a}.${c}`);
      }

      // Sorting: siblings only, in the order given.
      await change((tx) => sortSiblings(tx, kind, 'en', [c, d, b]));
      expect((await treeChildren(space(), kind, a)).map((n) => n.id)).toEqual([c, d, b]);
      expect(await failure(change((tx) => sortSiblings(tx, kind, 'en', [a, b])))).toEqual({
        code: 6010101,
        key: 'people.sortNotSiblings',
      });

      // The business key is unique whatever its case.
      const dup = await post(save, { name: '重复', [kind.key]: aKey.toUpperCase() });
      expect(dup.body).toMatchObject({ state: 6010101, cause: [{ field: kind.key }] });

      // Removal: refused while children stay, then the whole subtree at once.
      expect(await failure(change((tx) => removeNodes(tx, kind, 'en', [a])))).toEqual({
        code: 6010101,
        key: `people.${kind.what}.hasChildren`,
      });
      expect(await failure(change((tx) => removeNodes(tx, kind, 'en', ['no-such-node'])))).toEqual({
        code: 404,
        key: `people.${kind.what}.notFound`,
      });
      await change((tx) => removeNodes(tx, kind, 'en', [a, b, c, d]));
      for (const id of [a, b, c, d]) expect(await findNode(space(), kind, id)).toBeUndefined();
      expect(await orphans(kind)).toEqual([]);
    },
  );

  it('group.remove and a move under the removed group, side by side, leave no orphan', async () => {
    for (let round = 0; round < 6; round++) {
      const parent = await create('/group/saveCascade', GROUP_TREE as TreeKind<never>, `父${round}`);
      const child = await create('/group/saveCascade', GROUP_TREE as TreeKind<never>, `子${round}`);
      const current = (await call(t, 'GET', `/group/get?id=${child}`, { token: admin })).body.data;
      const [removed, movedUnder] = await Promise.all([
        post(`/group/remove?ids=${parent}`),
        post('/group/saveCascade', { ...current, parentId: parent }),
      ]);
      // Exactly one wins: the move (then the removal is refused) or the removal (then the move is).
      if (removed.body.state === 200) expect(movedUnder.body.state).toBe(404);
      else {
        expect(removed.body.message).toBe(`用户组“父${round}”下还有子用户组，不能删除`);
        expect(movedUnder.body.state).toBe(200);
      }
      expect(await orphans(GROUP_TREE as TreeKind<never>)).toEqual([]);
      await post(`/group/remove?ids=${[parent, child].join(',')}`);
    }
  });

  // PostgreSQL only: PGlite has one connection, so a held transaction stops every other call anyway.
  it.runIf(dbKind === 'postgres')(
    'group.remove waits for the tree lock and then sees a child committed meanwhile',
    async () => {
      const parent = await create('/group/saveCascade', GROUP_TREE as TreeKind<never>, '锁父');
      let removal: ReturnType<typeof post> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          const tx = trx.withSchema(SCHEMA);
          await sql`lock table ${sql.id(SCHEMA, 'user_group')} in share row exclusive mode`.execute(tx);
          await tx
            .insertInto('user_group')
            .values({ id: 'lock-test-child', name: '锁子', alias: 'lockTestChild', parent_id: parent })
            .execute();
          removal = post(`/group/remove?ids=${parent}`);
          // The removal is under way and blocked on a lock of the group table.
          await until(async () => {
            // pg_stat_activity is read once per transaction unless the snapshot is dropped: without
            // this, a first look taken before the removal reached its lock would be seen forever.
            await sql`select pg_stat_clear_snapshot()`.execute(trx);
            const waiting = await sql<{ n: number }>`
              select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query ilike '%user_group%' and pid <> pg_backend_pid()`.execute(
              trx,
            );
            return waiting.rows[0].n > 0;
          });
        });
      const res = await removal!;
      expect(res.body).toMatchObject({ state: 6010101, message: '用户组“锁父”下还有子用户组，不能删除' });
      expect(await orphans(GROUP_TREE as TreeKind<never>)).toEqual([]);
      await post(`/group/remove?ids=lock-test-child,${parent}`);
    },
  );
});
