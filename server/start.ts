/** Opens the database, migrates, seeds on first start and builds the app: shared by main and tests. */
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase, type OpenDatabase } from './db/database.ts';
import { migrateAll } from './db/tenant-space.ts';
import { seedIfEmpty, type SeedResult } from './seed/seed.ts';

export interface StartedServer {
  app: FastifyInstance;
  database: OpenDatabase;
  seed: SeedResult;
  close(): Promise<void>;
}

export async function prepareServer(config: ServerConfig, opts: BuildOptions = {}): Promise<StartedServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateAll(database.db);
  const seed = await seedIfEmpty(database.db, { adminPassword: config.adminPassword, demo: config.seedDemo });
  const { app } = await buildApp(database.db, config, opts);
  return {
    app,
    database,
    seed,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
