/**
 * The messages benchmark's server in its own process: the real app on a fresh embedded database
 * (or DATABASE_URL), the demo tenant filled to BENCH_MSG_EMPLOYEES employees (default 100,000), a
 * tenant admin 'bench_msg' who has received BENCH_MSG_INBOX messages (default 10,000; every third one
 * read), and /bench/memory (resident memory and heap after a gc). Prints {port, token} when ready.
 */
import { sql } from 'kysely';
import { configFromEnv } from '../../server/config.ts';
import { prepareServer } from '../../server/start.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { newId } from '../../server/auth/tokens.ts';
import { fillEmployees } from './bench-data.ts';

const [dataDir] = process.argv.slice(2);
const EMPLOYEES = Number(process.env.BENCH_MSG_EMPLOYEES ?? 100_000);
const INBOX = Number(process.env.BENCH_MSG_INBOX ?? 10_000);
const config = {
  ...configFromEnv({}),
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
  adminPassword: 'Bench#2026pass',
  seedFilingDemo: false,
  rateLimitPerMinute: 0,
};
const server = await prepareServer(config);
const db = server.database.db;
const tenant = await db
  .selectFrom('platform.tenant')
  .select(['id', 'schema_name'])
  .where('code', '=', 'demo')
  .executeTakeFirstOrThrow();
const accountId = newId();
await db
  .insertInto('platform.account')
  .values({
    id: accountId,
    account: 'bench_msg',
    fullname: 'Bench',
    password_hash: await hashPassword('Bench#2026pass'),
    password_changed_at: new Date(),
  })
  .execute();
await db
  .insertInto('platform.tenant_member')
  .values({ tenant_id: tenant.id, account_id: accountId, is_admin: true })
  .execute();
const employeeId = newId();
const space = db.withSchema(tenant.schema_name);
await space
  .insertInto('employee')
  .values({ id: employeeId, account_id: accountId, account: 'bench_msg', name: 'Bench' })
  .execute();
await fillEmployees(db, tenant.schema_name, EMPLOYEES);

// The inbox: messages to the bench user, to everyone, and to a few others (which must not count).
const t = sql.raw(`"${tenant.schema_name}"`);
await sql`
  insert into ${t}.message (id, subject, owner_id, owner_name, message_type, content, created_at)
  select 'bm-' || g, '基准消息 ' || g, ${accountId}, 'Bench',
         case when g % 50 = 0 then 'bulletin' when g % 7 = 0 then 'system' else 'normal' end,
         '<p>内容 ' || g || '</p>', now() - make_interval(secs => g)
    from generate_series(1, ${INBOX + INBOX / 10}) as g`.execute(db);
await sql`
  insert into ${t}.message_target (message_id, target_key, target_name)
  select 'bm-' || g,
         case when g > ${INBOX} then 'user:bench-' || g when g % 2 = 0 then 'all' else 'user:' || ${employeeId} end,
         null
    from generate_series(1, ${INBOX + INBOX / 10}) as g`.execute(db);
await sql`
  insert into ${t}.message_receiver (message_id, receiver_id, receiver_name, read_at)
  select 'bm-' || g, ${accountId}, 'Bench', now() from generate_series(1, ${INBOX}) as g where g % 3 = 0`.execute(
  db,
);
await sql`analyze ${t}.message`.execute(db);
await sql`analyze ${t}.message_target`.execute(db);
await sql`analyze ${t}.message_receiver`.execute(db);

server.app.get('/bench/memory', async () => {
  for (let i = 0; i < 3; i++) {
    global.gc?.();
    await new Promise((r) => setTimeout(r, 200));
  }
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, streams: server.app.streams.size(), gc: Boolean(global.gc) };
});

const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
const res = await fetch(`${address}/api/authentication/apply`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    grant_type: 'password_credentials',
    username: 'bench_msg',
    password: 'Bench#2026pass',
  }),
});
const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
console.log(JSON.stringify({ port: Number(new URL(address).port), token }));
