/** Server configuration from the environment, with the defaults a bare machine needs. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Set by `npm start` (server/main.ts): the PGlite data template a fresh data directory starts from. */
  pgliteTemplate?: string;
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
  /** The public pages' server render bundle (vite.ssr.config.ts builds it there). */
  ssrDir: string;
  /** Seed the demo tenant on first start. */
  seedDemo: boolean;
  /** SEED_FILING_DEMO: the filing demo (authority, enterprises, law firm, ~40 cases, public dataset) on first
   *  start; defaults to SEED_DEMO. The test harness turns it off unless a test asks for it. */
  seedFilingDemo: boolean;
  logLevel: string;
  /** STREAM_SWEEP_MS: how often open event streams check that their sessions still live (default 5 s). */
  streamSweepMs: number;
  /** METRICS_TOKEN: a bearer token that lets a remote Prometheus read /metrics (from this machine: always). */
  metricsToken?: string;
  /** TRUST_PROXY: false (default), true, a hop count, or comma-separated proxy addresses. */
  trustProxy: boolean | number | string[];

  // ---- Sign-in and session (server/auth, server/sms, server/sso). Every field has an env variable.
  /** REFRESH_TOKEN_TTL: refresh token lifetime in seconds (sliding: each refresh issues a new one). Default 7 days. */
  refreshTokenTtl: number;
  /** TENANT_REG_OPEN=true: enterprise registration (user/open/tenant, fldEmployee/create) is open. */
  tenantRegOpen: boolean;
  /** DEFAULT_PASSWORD: the password 'restore default' (user/change/passwd reset 2) sets; unset refuses the restore. */
  defaultPassword?: string;
  /** APP_SECRET: pepper mixed into stored SMS code hashes; set the same value on every instance. */
  appSecret: string;
  /** RATE_LIMIT_PER_MINUTE: calls per minute per client IP in each bucket (login, sms, captcha); 0 turns it off. */
  rateLimitPerMinute: number;
  /** SMS_PROVIDER: 'outbox' (default: platform.sms_outbox table + a log line) or 'http'. */
  smsProvider: 'outbox' | 'http';
  /** SMS_HTTP_URL: provider endpoint receiving POST JSON {mobile, template, params:{code, minutes}, content}. */
  smsHttpUrl?: string;
  /** SMS_HTTP_TOKEN: sent as 'Authorization: Bearer …' to the provider. */
  smsHttpToken?: string;
  /** SMS_HTTP_TEMPLATE: the provider's template id, passed as 'template'. */
  smsHttpTemplate: string;
  /** SMS_PER_PHONE_PER_HOUR: codes sent to one mobile per hour, all purposes together. Default 10. */
  smsPerPhonePerHour: number;
  /** SMS_OUTBOX_LOG_CODE=true: the outbox log line carries the message text (development only). */
  smsOutboxLogCode: boolean;
  /** MAIL_SMTP_URL: e-mail alerts through this SMTP server (smtp(s)://user:pass@host:port); unset: platform.mail_outbox. */
  mailSmtpUrl?: string;
  /** MAIL_FROM: the sender address of e-mail alerts. */
  mailFrom: string;
  /** CAS_URL: CAS server base (…/cas); ticket login validates at {CAS_URL}/serviceValidate. */
  casUrl?: string;
  /** CAS_SERVICE: this app's service URL as registered at the CAS server (fixed, never taken from the client). */
  casService?: string;
  /** OAUTH_TOKEN_URL, OAUTH_USERINFO_URL, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET, OAUTH_REDIRECT_URI: the
   *  external authorization server of the 'newwebxt' authorization-code login. */
  oauthTokenUrl?: string;
  oauthUserinfoUrl?: string;
  oauthClientId?: string;
  oauthClientSecret?: string;
  oauthRedirectUri?: string;
  /** OAUTH_USERNAME_FIELD: the userinfo field holding the account name. Default 'username'. */
  oauthUsernameField: string;

  // ---- Permissions and session limits (issue 9).
  /** ACTING_MAX_MINUTES: how long acting as another user may last; no refresh goes past it. Default 30. */
  actingMaxMinutes: number;
  /** SESSION_MAX_AGE: absolute lifetime of a login in seconds, however often it is refreshed. Default 12 h. */
  sessionMaxAge: number;
  /** CSP_CONNECT_SRC: extra sources the app may call (space-separated), e.g. other API base addresses. */
  cspConnectSrc: string[];
  /** LOG_RETENTION_DAYS: days the login and operation logs keep their rows. Default 180. */
  logRetentionDays: number;

  // ---- Files (issue 10).
  /** FILE_STORAGE: 'local' (default: content-addressed files under FILE_STORE_DIR) or 's3'. */
  fileStorage: 'local' | 's3';
  /** FILE_STORE_DIR: the local store's folder (also the spool folder of the S3 store). Default DATA_DIR/files. */
  fileStoreDir?: string;
  /** S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX. */
  s3Bucket?: string;
  s3Region: string;
  s3Endpoint?: string;
  s3AccessKeyId?: string;
  s3SecretAccessKey?: string;
  s3ForcePathStyle: boolean;
  s3Prefix: string;
  /** FILE_TENANT_QUOTA_MB: bytes of attachments a tenant may hold, in MB. Default 20480 (20 GB). */
  fileTenantQuotaBytes: number;
  /** FILE_TUS_EXPIRY_HOURS: an unfinished resumable upload older than this is removed. Default 24. */
  fileTusExpiryMs: number;
  /** FILE_TUS_SWEEP_MINUTES: how often abandoned resumable uploads are looked for. Default 60. */
  fileTusSweepMs: number;

  // ---- Timeouts and the open data (bad input stops at the door).
  /** REQUEST_TIMEOUT_SECONDS: time to receive a whole request, body included (then 408). Default 300. */
  requestTimeoutMs: number;
  /** CONNECTION_IDLE_SECONDS: a connection with no traffic this long is closed (event streams ping every 25 s). Default 120. */
  connectionIdleMs: number;
  /** UPLOAD_IDLE_SECONDS: a multipart upload that sends nothing this long is ended with 408. Default 30. */
  uploadIdleMs: number;
  /** OPEN_DATA_PER_MINUTE: open-data and feed downloads per client address and minute (0: no limit). Default 10. */
  openDataPerMinute: number;
  /** OPEN_DATA_CACHE_SECONDS: how long an open-data or feed download is served from the cache. Default 60. */
  openDataCacheMs: number;
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
    ssrDir: env.SSR_DIR || 'dist-ssr',
    seedDemo: env.SEED_DEMO !== 'false',
    seedFilingDemo: env.SEED_FILING_DEMO ? env.SEED_FILING_DEMO === 'true' : env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL || 'info',
    streamSweepMs: Math.max(100, int(env.STREAM_SWEEP_MS, 5_000)),
    metricsToken: env.METRICS_TOKEN || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    refreshTokenTtl: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    tenantRegOpen: env.TENANT_REG_OPEN === 'true',
    defaultPassword: env.DEFAULT_PASSWORD || undefined,
    appSecret: env.APP_SECRET ?? '',
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 30),
    smsProvider: env.SMS_PROVIDER === 'http' ? 'http' : 'outbox',
    smsHttpUrl: env.SMS_HTTP_URL || undefined,
    smsHttpToken: env.SMS_HTTP_TOKEN || undefined,
    smsHttpTemplate: env.SMS_HTTP_TEMPLATE || 'verify-code',
    smsPerPhonePerHour: int(env.SMS_PER_PHONE_PER_HOUR, 10),
    smsOutboxLogCode: env.SMS_OUTBOX_LOG_CODE === 'true',
    mailSmtpUrl: env.MAIL_SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'no-reply@localhost',
    casUrl: env.CAS_URL ? env.CAS_URL.replace(/\/$/, '') : undefined,
    casService: env.CAS_SERVICE || undefined,
    oauthTokenUrl: env.OAUTH_TOKEN_URL || undefined,
    oauthUserinfoUrl: env.OAUTH_USERINFO_URL || undefined,
    oauthClientId: env.OAUTH_CLIENT_ID || undefined,
    oauthClientSecret: env.OAUTH_CLIENT_SECRET || undefined,
    oauthRedirectUri: env.OAUTH_REDIRECT_URI || undefined,
    oauthUsernameField: env.OAUTH_USERNAME_FIELD || 'username',
    actingMaxMinutes: Math.max(1, int(env.ACTING_MAX_MINUTES, 30)),
    sessionMaxAge: Math.max(60, int(env.SESSION_MAX_AGE, 12 * 3600)),
    cspConnectSrc: (env.CSP_CONNECT_SRC ?? '').split(/\s+/).filter(Boolean),
    logRetentionDays: Math.max(1, int(env.LOG_RETENTION_DAYS, 180)),
    fileStorage: env.FILE_STORAGE === 's3' ? 's3' : 'local',
    fileStoreDir: env.FILE_STORE_DIR || undefined,
    s3Bucket: env.S3_BUCKET || undefined,
    s3Region: env.S3_REGION || 'us-east-1',
    s3Endpoint: env.S3_ENDPOINT || undefined,
    s3AccessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    s3SecretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    s3ForcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
    s3Prefix: env.S3_PREFIX ?? '',
    fileTenantQuotaBytes: int(env.FILE_TENANT_QUOTA_MB, 20480) * 1024 * 1024,
    fileTusExpiryMs: Math.max(1, int(env.FILE_TUS_EXPIRY_HOURS, 24)) * 3600 * 1000,
    fileTusSweepMs: Math.max(1, int(env.FILE_TUS_SWEEP_MINUTES, 60)) * 60 * 1000,
    requestTimeoutMs: Math.max(1, int(env.REQUEST_TIMEOUT_SECONDS, 300)) * 1000,
    connectionIdleMs: Math.max(30, int(env.CONNECTION_IDLE_SECONDS, 120)) * 1000,
    uploadIdleMs: Math.max(1, int(env.UPLOAD_IDLE_SECONDS, 30)) * 1000,
    openDataPerMinute: int(env.OPEN_DATA_PER_MINUTE, 10),
    openDataCacheMs: int(env.OPEN_DATA_CACHE_SECONDS, 60) * 1000,
  };
}

function parseTrustProxy(v: string | undefined): boolean | number | string[] {
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
