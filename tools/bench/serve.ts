/**
 * A benchmark server in its own process (so the load generator does not share its event loop):
 *   serve.ts app  <dataDir|postgres-url> <employees>  — the real app with the catalogue, auth, validation
 *   serve.ts bare <dataDir|postgres-url> <employees>  — a bare Fastify route running the same SQL
 * Prints one JSON line {port, token} when ready.
 */
import Fastify from 'fastify';
import { configFromEnv } from '../../server/config.ts';
import { prepareServer } from '../../server/start.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { DEMO_TENANT_CODE } from '../../server/seed/seed.ts';
import { employeeHandlers } from '../../server/modules/employees/handlers.ts';
import { fillEmployees } from './bench-data.ts';

const [mode, where, count] = process.argv.slice(2);
const isPg = where.startsWith('postgres');
const config = {
  ...configFromEnv({}),
  port: 0,
  host: '127.0.0.1',
  dataDir: isPg ? './data-unused' : where,
  databaseUrl: isPg ? where : undefined,
  adminPassword: 'Bench#2026pass',
  staticDir: 'dist',
  // The filing demo's public dataset is added by a background job after start: it would run during
  // the first measurement. Employees are what this measures.
  seedFilingDemo: false,
};
const server = await prepareServer(config);
const schema = tenantSchemaName(DEMO_TENANT_CODE);
await fillEmployees(server.database.db, schema, Number(count));

if (mode === 'app') {
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const res = await fetch(`${address}/api/authentication/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password_credentials',
      username: 'admin',
      password: config.adminPassword,
    }),
  });
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  console.log(JSON.stringify({ port: Number(new URL(address).port), token }));
} else {
  const tenant = await server.database.db
    .selectFrom('platform.tenant')
    .select('id')
    .where('code', '=', DEMO_TENANT_CODE)
    .executeTakeFirstOrThrow();
  // The handler's own query code with a fixed session: no routing table, validation, auth or envelope.
  const auth = {
    sessionId: 'bench',
    accountId: 'bench',
    account: 'admin',
    fullname: 'bench',
    isSuper: true,
    tenantId: tenant.id,
    tenantSchema: schema,
    isTenantAdmin: true,
    tenantKind: 'enterprise' as const,
    systemId: null,
  };
  const bare = Fastify();
  bare.post('/bare/employee/query', async (req, reply) =>
    employeeHandlers['employee.query']({
      db: server.database.db,
      config,
      op: undefined as never,
      auth,
      query: {},
      body: req.body ?? {},
      lang: 'zh-CN',
      request: req,
      reply,
    }),
  );
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ port: Number(new URL(address).port), token: '' }));
}
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
