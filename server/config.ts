/** Server configuration from the environment, with the defaults a bare machine needs. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  /** Base address of the API; the app's history-mode routes live outside it. */
  apiBase: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** Whether public account registration is open (user/open). */
  regOpen: boolean;
  /** Directory of the built front end; not served when absent. */
  staticDir: string;
  /** Seed the demo tenant on first start. */
  seedDemo: boolean;
  logLevel: string;
}

function int(v: string | undefined, dflt: number): number {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isInteger(n) && n >= 0 ? n : dflt;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    apiBase: (env.API_BASE || '/api').replace(/\/$/, ''),
    accessTokenTtl: int(env.ACCESS_TOKEN_TTL, 1800),
    regOpen: env.REG_OPEN === 'true',
    staticDir: env.STATIC_DIR || 'dist',
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL || 'info',
  };
}
