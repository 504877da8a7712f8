/** `npm start`: the server on PORT with the embedded database (or DATABASE_URL), printing the login. */
import { dirname, join } from 'node:path';
import { configFromEnv } from './config.ts';
import type { DemoRole } from './seed/filing-demo.ts';
import { prepareServer } from './start.ts';

// The build puts the PGlite data template beside dist-server/main.js (server/db/pglite-template.ts).
const config = {
  ...configFromEnv(),
  pgliteTemplate: join(dirname(process.argv[1]), 'pglite-template'),
};
const started = Date.now();
/** Pads to a column on a terminal, where a Chinese character takes two cells. */
const padWide = (text: string, cells: number) =>
  text +
  ' '.repeat(Math.max(1, cells - [...text].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e80 ? 2 : 1), 0)));
// Since the process started: loading the server's code (START_TIMING=1 prints each phase, start.ts).
if (process.env.START_TIMING) console.error(`start: load code ${performance.now().toFixed(0)} ms`);
// The deadline jobs start in the background: the first page does not wait on the job queue.
const server = await prepareServer(config, { logger: true, backgroundJobs: true });
if (process.env.START_TIMING) {
  const t0 = performance.now();
  await server.app.ready();
  console.error(`start: fastify ready ${(performance.now() - t0).toFixed(0)} ms`);
}
const address = await server.app.listen({ port: config.port, host: config.host });
if (process.env.START_TIMING) console.error(`start: listening at ${performance.now().toFixed(0)} ms`);
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
const filingDemo = server.seed.filing;
if (filingDemo) {
  const roles: Record<DemoRole, string> = {
    filer: '申报企业管理员 filer',
    filerColleague: '申报企业经办人 colleague',
    coParty: '共同申报方 co-party',
    agent: '代理律师 agent',
    reviewer: '审查员 reviewer',
    delegatedReviewer: '委托审查员 delegated',
    reviewLead: '审查处长 review lead',
    publisher: '信息公开 publisher',
    calendarAdmin: '综合处/日历 calendar admin',
  };
  console.log(
    `  Filing demo: ${filingDemo.cases.cases} cases; the public dataset is being added in the background.`,
  );
  for (const s of filingDemo.signIns)
    console.log(`    ${padWide(roles[s.role], 30)} ${s.account.padEnd(10)} (${s.name}, ${s.tenant})`);
  console.log(
    filingDemo.generated
      ? `    password for every demo account: ${filingDemo.password}  (shown only this once)\n`
      : '    password for every demo account: the one in DEMO_PASSWORD\n',
  );
}
/**
 * A graceful stop, bounded: /ready turns 503 and new requests are refused, open bell streams are told to
 * reconnect elsewhere, in-flight requests finish, the job queue hands its jobs back, the database closes.
 * If that takes longer than SHUTDOWN_TIMEOUT_MS (default 20 s), the process exits anyway.
 */
const SHUTDOWN_TIMEOUT_MS = Math.max(1_000, Number(process.env.SHUTDOWN_TIMEOUT_MS) || 20_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      console.error(`  stopping took over ${SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    void server.close().then(
      () => process.exit(0),
      (err: Error) => {
        console.error(`  stopping failed: ${err.message}`);
        process.exit(1);
      },
    );
  });
}
