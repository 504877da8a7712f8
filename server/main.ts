/** `npm start`: the server on PORT with the embedded database (or DATABASE_URL), printing the login. */
import { configFromEnv } from './config.ts';
import { prepareServer } from './start.ts';

const config = configFromEnv();
const started = Date.now();
const server = await prepareServer(config, { logger: true });
const address = await server.app.listen({ port: config.port, host: config.host });
const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
console.log(`\n  merger-filing ready at ${shown}  (${db}, ${Date.now() - started} ms)`);
if (server.seed.seeded && server.seed.generated) {
  console.log(`  First start: sign in as  admin / ${server.seed.adminPassword}  (shown only this once)\n`);
} else if (server.seed.seeded) {
  console.log('  First start: sign in as admin with the password from ADMIN_PASSWORD\n');
} else {
  console.log('  Sign in as admin with the password printed at first start (or ADMIN_PASSWORD then).\n');
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
