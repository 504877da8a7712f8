/**
 * Versioned screens (schemas/api/screen-config.yaml): the configurator's list, history, versions, check,
 * draft, publish and restore (screen:configure; the platform's scope only for the super user, the tenant's
 * always the session's own), and what every signed-in session sees instead of the files (effective).
 * A publish or restore passes the build's screen check first (check.ts) and tells the open tabs of the
 * scope (events.ts); the operation log keeps who did it.
 */
import type { AuthContext } from '../../auth/session.ts';
import type { Db } from '../../db/database.ts';
import { authOf, defineHandlers } from '../../http/handler.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { translate, type Language } from '../../http/i18n.ts';
import { requirePublishable, translatedProblems } from './check.ts';
import { announcePublished } from './events.ts';
import { asRendered } from './files.ts';
import { allScreenSources, screenSource, type ScreenSource } from './screen-sources.ts';
import {
  effectiveVersions,
  offeredDraft,
  platformChangedUnder,
  revisionOf,
  tenantOfScope,
  writableTenantOfScope,
  type Scope,
} from './rules.ts';
import {
  currentNumber,
  currentVersion,
  findVersion,
  listVersions,
  openDrafts,
  publishDraft,
  publishedVersions,
  publishRestored,
  saveDraft,
  type StoredVersion,
} from './store.ts';

const scopeOf = (tenantId: string | null): Scope => (tenantId === null ? 'platform' : 'tenant');

/** A restore's note says what it restored (in the reader's language); a saved note is the author's. */
function noteOf(v: StoredVersion, lang: Language): string | null {
  if (v.note !== null || v.restoredFrom === null) return v.note;
  return translate(lang, 'screenConfig.restoredFrom', { version: v.restoredFrom });
}

function versionFields(v: StoredVersion, lang: Language) {
  return {
    version: v.version,
    state: v.state,
    author: v.authorName,
    createdAt: v.createdAt.toISOString(),
    note: noteOf(v, lang),
    basePlatformVersion: v.basePlatformVersion,
  };
}

const versionRow = (v: StoredVersion, lang: Language) => ({
  name: v.name,
  scope: scopeOf(v.tenantId),
  ...versionFields(v, lang),
});

/** Version 0: the file (or the screen generated from a data template). */
const FILE_FIELDS = {
  version: 0,
  state: 'FILE' as const,
  author: null,
  createdAt: null,
  note: null,
  basePlatformVersion: null,
};

/** Content as the answer declares it (an object: stored versions are objects by the request schema). */
const rendered = (content: unknown) => asRendered(content) as Record<string, unknown>;

const authorOf = (auth: AuthContext) => ({ accountId: auth.accountId, name: auth.fullname });

/**
 * What an override is made from: the platform's current version of the screen, or for a generated
 * screen its template's version (the platform scope has no base).
 */
async function baseOf(db: Db, source: ScreenSource, tenantId: string | null): Promise<number | null> {
  if (tenantId === null) return null;
  return source.template ? source.template.version : currentNumber(db, source.name, null);
}

export const screenConfigHandlers = defineHandlers({
  'screenConfig.list': async (ctx) => {
    const auth = authOf(ctx);
    const tenantId = tenantOfScope(auth, 'tenant');
    const key = (name: string, tenant: string | null) => `${name}\u0000${tenant ?? ''}`;
    const published = new Map(
      (await publishedVersions(ctx.db, tenantId)).map((v) => [key(v.name, v.tenantId), v]),
    );
    const drafts = new Map((await openDrafts(ctx.db, tenantId)).map((v) => [key(v.name, v.tenantId), v]));
    const rows = (await allScreenSources(ctx)).map(({ name, content, template }) => {
      const platform = published.get(key(name, null));
      const tenant = published.get(key(name, tenantId));
      const platformVersion = platform?.version ?? 0;
      const kind = (tenant ?? platform)?.kind ?? content().kind;
      return {
        name,
        kind: typeof kind === 'string' ? kind : '',
        platformVersion,
        tenantVersion: tenant?.version ?? null,
        draft: offeredDraft(auth.isSuper, {
          platform: drafts.get(key(name, null))?.version ?? null,
          tenant: drafts.get(key(name, tenantId))?.version ?? null,
        }),
        // A generated screen's override was made from a version of its template.
        platformChangedUnderOverride: tenant
          ? platformChangedUnder(tenant.basePlatformVersion, template?.version ?? platformVersion)
          : false,
        ...(template ? { template: template.name[ctx.lang] || template.name['zh-CN'] } : {}),
      };
    });
    return { rows };
  },

  'screenConfig.versions': async (ctx) => {
    const { name, scope } = ctx.body;
    await screenSource(ctx, name, scope);
    const stored = await listVersions(ctx.db, name, tenantOfScope(authOf(ctx), scope));
    return { rows: [...stored.map((v) => versionFields(v, ctx.lang)), FILE_FIELDS] };
  },

  'screenConfig.get': async (ctx) => {
    const { name, scope, version } = ctx.body;
    const source = await screenSource(ctx, name, scope);
    const tenantId = tenantOfScope(authOf(ctx), scope);
    const file = () => ({ name, scope, ...FILE_FIELDS, content: rendered(source.content()) });
    if (version === 0) return file();
    const found =
      version === undefined
        ? // What the scope shows now: a tenant without an override shows the platform's.
          ((await currentVersion(ctx.db, name, tenantId)) ??
          (tenantId !== null ? await currentVersion(ctx.db, name, null) : undefined))
        : await findVersion(ctx.db, name, tenantId, version);
    if (!found) {
      if (version === undefined) return file();
      throw new ApiError(Code.NOT_FOUND, 'screenConfig.noVersion', { name, version });
    }
    return { ...versionRow(found, ctx.lang), content: rendered(found.content) };
  },

  'screenConfig.check': async (ctx) => {
    const { name, content } = ctx.body;
    await screenSource(ctx, name);
    return { errors: translatedProblems(name, content, ctx.lang) };
  },

  'screenConfig.saveDraft': async (ctx) => {
    const { name, scope, content, note } = ctx.body;
    const auth = authOf(ctx);
    const tenantId = writableTenantOfScope(auth, scope);
    const source = await screenSource(ctx, name, scope);
    const saved = await saveDraft(ctx.db, {
      name,
      tenantId,
      content,
      note: note?.trim() || null,
      author: authorOf(auth),
      basePlatformVersion: await baseOf(ctx.db, source, tenantId),
    });
    return versionRow(saved, ctx.lang);
  },

  'screenConfig.publish': async (ctx) => {
    const { name, scope, version } = ctx.body;
    const tenantId = writableTenantOfScope(authOf(ctx), scope);
    await screenSource(ctx, name, scope);
    const published = await publishDraft(ctx.db, { name, tenantId, version }, (content) =>
      requirePublishable(name, content, ctx.lang),
    );
    await announcePublished(ctx.request.server.events, name, tenantId);
    return versionRow(published, ctx.lang);
  },

  'screenConfig.restore': async (ctx) => {
    const { name, scope, version } = ctx.body;
    const auth = authOf(ctx);
    const tenantId = writableTenantOfScope(auth, scope);
    const source = await screenSource(ctx, name, scope);
    let content: unknown;
    let basePlatformVersion: number | null = tenantId === null ? null : (source.template?.version ?? 0);
    if (version > 0) {
      const earlier = await findVersion(ctx.db, name, tenantId, version);
      if (!earlier) throw new ApiError(Code.NOT_FOUND, 'screenConfig.noVersion', { name, version });
      if (earlier.state !== 'PUBLISHED')
        throw new ApiError(Code.ILLEGAL_REQUEST, 'screenConfig.notPublished', { version });
      content = earlier.content;
      basePlatformVersion = earlier.basePlatformVersion;
    } else content = source.content();
    const restored = await publishRestored(
      ctx.db,
      { name, tenantId, content, restoredFrom: version, author: authorOf(auth), basePlatformVersion },
      (c) => requirePublishable(name, c, ctx.lang),
    );
    await announcePublished(ctx.request.server.events, name, tenantId);
    return versionRow(restored, ctx.lang);
  },

  'screenConfig.effective': async (ctx) => {
    const tenantId = authOf(ctx).tenantId;
    const seen = effectiveVersions(await publishedVersions(ctx.db, tenantId, true));
    return {
      revision: revisionOf(seen),
      screens: seen.map((v) => ({
        name: v.name,
        scope: scopeOf(v.tenantId),
        version: v.version,
        content: rendered(v.content),
      })),
    };
  },
});
