/**
 * User security settings (spec §3 "Password policy"; auth/user/security/*): named policies with the
 * password complexity (1–4 classes), length bounds, expiry days, history count, lock-out threshold and
 * single session. One setting is the default (always in use); accounts without their own setting follow
 * it, and the server applies the setting in force wherever a password is set (password-policy.ts,
 * password-history.ts). The super user alone administers them; anyone signed in reads the default.
 */
import { invalidatePermissions } from '../../auth/permissions.ts';
import { newId } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { type HandlerContext, defineHandlers } from '../../http/handler.ts';
import type { ListSpec } from '../../http/list-query.ts';
import { formatDateTime, idList, listPage } from '../people/common.ts';
import '../../auth/password-history-tables.ts';

interface SettingInput {
  id?: string;
  name: string;
  complexity?: string;
  minLength?: number;
  maxLength?: number;
  validDays?: number;
  historyCount?: number;
  maxFailures?: number;
  singleSession?: 'Y' | 'N';
  description?: string | null;
}

const LIST: ListSpec = {
  filters: { name: ['name', 'like'], isUse: ['is_use', 'in'], isDefault: ['is_default', 'in'] },
  sorts: { name: 'name', updateTime: 'updated_at', createTime: 'created_at' },
  defaultSort: [
    ['is_default', 'desc'],
    ['created_at', 'asc'],
    ['id', 'asc'],
  ],
};

const COLUMNS = [
  'id',
  'name',
  'complexity',
  'min_length',
  'max_length',
  'valid_days',
  'history_count',
  'max_failures',
  'single_session',
  'is_use',
  'is_default',
  'description',
  'updated_at',
] as const;

interface Row {
  id: string;
  name: string;
  complexity: string;
  min_length: number;
  max_length: number;
  valid_days: number;
  history_count: number;
  max_failures: number;
  single_session: boolean;
  is_use: 'Y' | 'N';
  is_default: 'Y' | 'N';
  description: string | null;
  updated_at: Date | string;
}

function asSetting(r: Row) {
  return {
    id: r.id,
    name: r.name,
    complexity: r.complexity,
    minLength: r.min_length,
    maxLength: r.max_length,
    validDays: r.valid_days,
    historyCount: r.history_count,
    maxFailures: r.max_failures,
    singleSession: r.single_session ? ('Y' as const) : ('N' as const),
    isUse: r.is_use,
    isDefault: r.is_default,
    description: r.description,
    updateTime: formatDateTime(r.updated_at),
  };
}

async function oneSetting(db: Db, id: string): Promise<Row> {
  const row = await db
    .selectFrom('platform.user_security')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.NOT_FOUND, 'security.policy.notFound', { id });
  return row as Row;
}

const invalid = (key: string, field: string, params: Record<string, unknown> = {}) =>
  new ApiError(Code.ILLEGAL_REQUEST, `security.policy.${key}`, params, [{ field, reason: key }]);

/** Rules across fields the entity schema cannot say: bounds in order, classes that fit the minimum. */
function checkConsistent(s: Required<Pick<SettingInput, 'complexity' | 'minLength' | 'maxLength'>>): string {
  const classes = [...new Set(s.complexity.split(',').filter(Boolean))].sort();
  if (classes.some((c) => !['1', '2', '3', '4'].includes(c))) throw invalid('complexity', 'complexity');
  if (s.minLength > s.maxLength) throw invalid('minAboveMax', 'minLength');
  if (classes.length > s.minLength)
    throw invalid('tooShortForClasses', 'minLength', { count: classes.length });
  return classes.join(',');
}

/** Settings changed: cached permissions hold the password-expiry verdict, so they are read again. */
const settingsChanged = (ctx: HandlerContext) => invalidatePermissions(ctx.db, {});

export const userSecurityHandlers = defineHandlers({
  'auth.user.security.query': async (ctx) => {
    const page = await listPage<Row>(
      ctx.db.selectFrom('platform.user_security'),
      (q) => q.select(COLUMNS),
      LIST,
      ctx.body,
    );
    return { ...page, dataResult: page.dataResult.map(asSetting) };
  },

  'auth.user.security.get': async (ctx) => asSetting(await oneSetting(ctx.db, ctx.query.id)),

  'auth.user.security.getDefaultUserSecurity': async (ctx) => {
    const row = await ctx.db
      .selectFrom('platform.user_security')
      .select(COLUMNS)
      .where('is_default', '=', 'Y')
      .where('is_use', '=', 'Y')
      .orderBy('updated_at', 'desc')
      .executeTakeFirst();
    if (!row) throw new ApiError(Code.NOT_FOUND, 'security.policy.noDefault');
    return asSetting(row as Row);
  },

  'auth.user.security.save': async (ctx) => {
    const input: SettingInput = ctx.body;
    const existing = input.id ? await oneSetting(ctx.db, input.id) : null;
    const complexity = checkConsistent({
      complexity: input.complexity ?? existing?.complexity ?? '1,3',
      minLength: input.minLength ?? existing?.min_length ?? 8,
      maxLength: input.maxLength ?? existing?.max_length ?? 64,
    });
    const name = input.name.trim();
    let clash = ctx.db.selectFrom('platform.user_security').select('id').where('name', '=', name);
    if (existing) clash = clash.where('id', '<>', existing.id);
    if (await clash.executeTakeFirst()) throw invalid('nameTaken', 'name', { name });
    const values = {
      name,
      complexity,
      min_length: input.minLength ?? existing?.min_length ?? 8,
      max_length: input.maxLength ?? existing?.max_length ?? 64,
      valid_days: input.validDays ?? existing?.valid_days ?? 0,
      history_count: input.historyCount ?? existing?.history_count ?? 0,
      max_failures: input.maxFailures ?? existing?.max_failures ?? 5,
      single_session: (input.singleSession ?? (existing?.single_session ? 'Y' : 'N')) === 'Y',
      description: input.description?.trim() || null,
      updated_at: new Date(),
    };
    if (values.history_count > 24) throw invalid('historyTooLong', 'historyCount', { limit: 24 });
    const id = existing?.id ?? newId();
    if (existing)
      await ctx.db.updateTable('platform.user_security').set(values).where('id', '=', id).execute();
    // A new setting starts out of use: it takes effect when put in use (or made the default).
    else
      await ctx.db
        .insertInto('platform.user_security')
        .values({ id, ...values, is_use: 'N', is_default: 'N' })
        .execute();
    settingsChanged(ctx);
    return asSetting(await oneSetting(ctx.db, id));
  },

  'auth.user.security.remove': async (ctx) => {
    const ids = idList(ctx.query.ids);
    const rows = await Promise.all(ids.map((id) => oneSetting(ctx.db, id)));
    const main = rows.find((r) => r.is_default === 'Y');
    if (main) throw invalid('removeDefault', 'ids', { name: main.name });
    // Accounts that used a removed setting follow the default (account.security_id: on delete set null).
    await ctx.db.deleteFrom('platform.user_security').where('id', 'in', ids).execute();
    settingsChanged(ctx);
    return null;
  },

  'auth.user.security.setUse': async (ctx) => {
    const { id, isUse = 'Y' } = ctx.query;
    const row = await oneSetting(ctx.db, id);
    if (isUse === 'N' && row.is_default === 'Y') throw invalid('defaultInUse', 'isUse', { name: row.name });
    await ctx.db
      .updateTable('platform.user_security')
      .set({ is_use: isUse, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    settingsChanged(ctx);
    return null;
  },

  /** The one default: the others stop being it in the same transaction; the default is always in use. */
  'auth.user.security.setDefault': async (ctx) => {
    const { id } = ctx.query;
    await oneSetting(ctx.db, id);
    await ctx.db.transaction().execute(async (tx) => {
      await tx.updateTable('platform.user_security').set({ is_default: 'N' }).where('id', '<>', id).execute();
      await tx
        .updateTable('platform.user_security')
        .set({ is_default: 'Y', is_use: 'Y', updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    });
    settingsChanged(ctx);
    return null;
  },
});
