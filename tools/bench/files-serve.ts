/**
 * The file benchmark's server in its own process: the real app on a fresh embedded database, a tenant
 * admin of the demo tenant, and a sampler of this process's resident memory (every 20 ms) exposed on
 * /bench/memory. Prints one JSON line {port, token} when ready.
 */
import { configFromEnv } from '../../server/config.ts';
import { prepareServer } from '../../server/start.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { newId } from '../../server/auth/tokens.ts';

const [dataDir] = process.argv.slice(2);
const config = {
  ...configFromEnv({}),
  port: 0,
  host: '127.0.0.1',
  dataDir,
  adminPassword: 'Bench#2026pass',
  seedFilingDemo: false,
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
    account: 'bench_files',
    fullname: 'Bench',
    password_hash: await hashPassword('Bench#2026pass'),
    password_changed_at: new Date(),
  })
  .execute();
await db
  .insertInto('platform.tenant_member')
  .values({ tenant_id: tenant.id, account_id: accountId, is_admin: true })
  .execute();
await db
  .withSchema(tenant.schema_name)
  .insertInto('employee')
  .values({ id: newId(), account_id: accountId, account: 'bench_files', name: 'Bench' })
  .execute();

let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
setInterval(sample, 20).unref();
server.app.get('/bench/memory', async () => ({ rss: process.memoryUsage().rss, peak }));
server.app.post('/bench/memory/reset', async () => {
  // Settle the heap (the seed leaves garbage behind) so 'idle' means idle.
  for (let i = 0; i < 3; i++) {
    global.gc?.();
    await new Promise((r) => setTimeout(r, 300));
  }
  peak = process.memoryUsage().rss;
  return { rss: peak };
});

const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
const res = await fetch(`${address}/api/authentication/apply`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    grant_type: 'password_credentials',
    username: 'bench_files',
    password: 'Bench#2026pass',
  }),
});
const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
console.log(JSON.stringify({ port: Number(new URL(address).port), token }));
