/**
 * Resumable uploads (the tus protocol, @tus/server) under `<api>/fldFile/tus`: a browser sends a large
 * file in pieces and, after a dropped connection, asks how much arrived (HEAD) and sends the rest.
 * The session and `file:upload` are checked on every request, an upload belongs to the account and
 * tenant that created it, the name/type/size/quota rules run when it is created (its length is known
 * then), and on completion the bytes go through the same pipeline as a multipart upload — content
 * sniffed, stored by SHA-256 — and the answer's body is the attachment envelope.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Server as TusServer, Upload } from '@tus/server';
import type { FileStore } from '@tus/file-store';
import { formatBytes, MAX_UPLOAD_BYTES } from '../../schemas/file-rules.ts';
import { resolveSession } from '../auth/session.ts';
import { enforceActingLimits } from '../auth/acting-limits.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { authorize } from '../http/access.ts';
import { bearerToken } from '../http/catalogue-routes.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import { envelopeFor } from '../http/errors.ts';
import { pickLanguage, translate, type Language } from '../http/i18n.ts';
import { storageQuotaBytes } from './storage-quota.ts';
import { tenantUsage } from './attachments.ts';
import { storageFor } from './context.ts';
import { fileError } from './errors.ts';
import { checkReplace, planUpload, storeUpload, type Uploader } from './upload.ts';
import { guardInput } from '../http/input-guard.ts';

const TUS_PATH = '/fldFile/tus';

interface TusCaller {
  uploader: Uploader;
  lang: Language;
}

/** Thrown from tus hooks: @tus/server sends `status_code` and `body` as they are. */
function tusRefusal(err: unknown, lang: Language): { status_code: number; body: string } {
  const { status, body } = envelopeFor(err as Error, lang);
  return { status_code: status, body: JSON.stringify(body) };
}

export function tusDirOf(config: ServerConfig): string {
  return join(resolve(config.fileStoreDir || join(config.dataDir, 'files')), 'tus');
}

export async function registerTusRoutes(app: FastifyInstance, db: Db, config: ServerConfig): Promise<void> {
  const directory = tusDirOf(config);
  const callers = new WeakMap<IncomingMessage, TusCaller>();
  const callerOf = (req: { runtime?: { node?: { req: IncomingMessage } } }): TusCaller => {
    const c = req.runtime?.node?.req && callers.get(req.runtime.node.req);
    if (!c) throw new Error('tus request without a checked caller');
    return c;
  };

  // Made on the first tus request: FileStore creates its directory in a callback that throws, uncaught,
  // when the data directory is gone meanwhile (a server started and stopped at once), and most starts
  // never see a resumable upload.
  let parts: Promise<{ datastore: FileStore; tus: TusServer }> | undefined;
  const tusParts = () =>
    (parts ??= (async () => {
      await mkdir(directory, { recursive: true });
      // Loaded here, not at start: most starts never see a resumable upload.
      const [{ FileStore }, { Server: TusServer }] = await Promise.all([
        import('@tus/file-store'),
        import('@tus/server'),
      ]);
      // Uploads expire (the sweep removes them, tus-sweep.ts); the server announces it in Upload-Expires.
      const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: config.fileTusExpiryMs });
      const tus = new TusServer({
        path: `${config.apiBase}${TUS_PATH}`,
        datastore,
        relativeLocation: true,
        // The largest group's limit; each upload's own limit is checked on creation.
        maxSize: MAX_UPLOAD_BYTES,
        onUploadCreate: async (req, upload: Upload) => {
          const { uploader, lang } = callerOf(req as never);
          try {
            if (upload.sizeIsDeferred || upload.size === undefined) throw fileError('noFile');
            const meta = upload.metadata ?? {};
            // The metadata is input like any other: the door's checks (NUL, invalid text, reserved keys).
            guardInput({ metadata: meta }, lang);
            const plan = planUpload(meta.filename ?? '', meta.fileType || undefined);
            if (upload.size === 0) throw fileError('empty');
            if (upload.size > plan.maxBytes)
              throw fileError('tooLarge', { limit: formatBytes(plan.maxBytes) });
            const used = await tenantUsage(db, uploader.tenantId);
            const quota = await storageQuotaBytes(db, uploader.tenantId, config.fileTenantQuotaBytes);
            if (used + upload.size > quota) throw fileError('quotaExceeded', { quota: formatBytes(quota) });
            // A reselect (`id`) only of a file the caller may replace (attachments.ts), before any byte.
            await checkReplace(db, uploader, meta.id || undefined);
            // Who owns the upload is the server's to say, never the client's metadata.
            return {
              metadata: {
                ...meta,
                tenantId: uploader.tenantId,
                accountId: uploader.accountId,
              },
            };
          } catch (err) {
            throw tusRefusal(err, lang);
          }
        },
        onUploadFinish: async (req, upload: Upload) => {
          const { uploader, lang } = callerOf(req as never);
          const meta = upload.metadata ?? {};
          const path = join(directory, upload.id);
          try {
            const attachment = await storeUpload({
              db,
              config,
              storage: storageFor(config),
              uploader,
              plan: planUpload(meta.filename ?? '', meta.fileType || undefined),
              source: createReadStream(path),
              typeId: meta.typeId || null,
              replaceId: meta.id || undefined,
            });
            return {
              status_code: 200,
              headers: { 'content-type': 'application/json; charset=utf-8' },
              body: JSON.stringify({
                state: Code.SUCCESS,
                message: translate(lang, 'server.success'),
                cause: null,
                data: attachment,
              }),
            };
          } catch (err) {
            throw tusRefusal(err, lang);
          } finally {
            // Stored or refused, the pieces are no longer needed.
            await rm(path, { force: true });
            await rm(`${path}.json`, { force: true });
          }
        },
      });
      return { datastore, tus };
    })());

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const lang = pickLanguage((req.query as Record<string, unknown>)?.lang, req.headers['accept-language']);
    if (req.method !== 'OPTIONS') {
      const auth = await resolveSession(db, bearerToken(req));
      await enforceActingLimits(db, config, auth, req.ip);
      const tenantHeader = req.headers['x-tenant-id'];
      await authorize(
        db,
        { id: 'fldFile.upload', access: 'tenant', permission: 'file:upload' },
        auth,
        typeof tenantHeader === 'string' && tenantHeader ? tenantHeader : undefined,
      );
      const id = (req.params as { '*'?: string })['*'];
      // Upload ids are the server's own (hex): anything else — a path, a NUL — names no upload.
      if (id && !/^[A-Za-z0-9_-]{1,128}$/.test(id))
        throw new ApiError(Code.NOT_FOUND, 'file.error.notFound', { id: '' });
      if (id) {
        // Someone else's upload is as good as absent.
        const upload = await (await tusParts()).datastore.getUpload(id).catch(() => null);
        if (
          !upload ||
          upload.metadata?.tenantId !== auth.tenantId ||
          upload.metadata?.accountId !== auth.accountId
        )
          throw new ApiError(Code.NOT_FOUND, 'file.error.notFound', { id });
      }
      callers.set(req.raw, {
        lang,
        uploader: {
          accountId: auth.accountId,
          fullname: auth.fullname,
          tenantId: auth.tenantId!,
          tenantSchema: auth.tenantSchema!,
        },
      });
    }
    reply.hijack();
    const { tus } = await tusParts();
    await tus.handle(req.raw, reply.raw);
  };

  await app.register(async (scope) => {
    // tus bodies are raw bytes for @tus/server to stream; Fastify must not parse them.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    scope.all(`${config.apiBase}${TUS_PATH}`, handle);
    scope.all(`${config.apiBase}${TUS_PATH}/*`, handle);
  });
}
