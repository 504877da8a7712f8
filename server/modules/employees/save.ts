/**
 * employee/create and employee/update: the save payload {partyEmployeePo, user, positionVoList,
 * roleVoList, attrValueVoList, userGroupPoList} written in ONE transaction.
 *
 * - create makes the platform account (name unique without regard to case, password under the policy,
 *   to be changed at the first sign-in since the admin knows it), the tenant membership (while active)
 *   and the employee row with its links;
 * - update keeps the account name, updates the account's name, e-mail and mobile, and replaces each link
 *   list that the payload carries (an absent list is left as it is);
 * - isSuper (the platform super user) may be changed by the super user only; isTenantAdmin (ours: the
 *   tenant administrator flag) by tenant admins; nobody changes their own flags or disables themselves;
 * - changing the roles needs role:grant besides employee:write;
 * - an account that also belongs to another tenant is shared: its account-level data (name, e-mail,
 *   mobile) is the account's own, so a save here changes only this tenant's employee record, and a new
 *   mobile is refused (only the account itself or the super user changes it);
 * - a clash of account name or mobile with any account of the platform answers one uniform message,
 *   and those answers are rate-limited (they could tell which accounts exist elsewhere).
 */
import { requireMayGiveRoles } from '../../auth/grant-guard.ts';
import { accountById, accountNameTaken, isUniqueViolation, mobileTaken } from '../../auth/accounts.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { assertPasswordAllowed } from '../../auth/password-policy.ts';
import { defaultSetting } from '../../auth/security-settings.ts';
import { limitLookups } from '../../auth/rate-limit.ts';
import { requirePermission } from '../../http/access.ts';
import { newId } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { translate } from '../../http/i18n.ts';
import type { HandlerContext, OperationBody } from '../../http/handler.ts';
import { authOf, tenantSchemaOf } from '../../http/handler.ts';
import { normaliseValue } from '../attributes/values.ts';
import { denied, invalid, notFound, requireIds, spaceOf, type Space } from '../people/common.ts';
import { replaceRoles } from '../people/party.ts';
import { findEmployee, requireEmployeeDetail } from './detail.ts';
import { assertMayChange, belongsElsewhere, syncMembership } from './membership.ts';

/** The uniform answer to a taken account name or mobile (see the file comment). */
function identityTaken(lang: HandlerContext['lang']) {
  return new ApiError(Code.ILLEGAL_REQUEST, 'security.identityTaken', {}, [
    { field: 'partyEmployeePo.account', message: translate(lang, 'security.identityTaken') },
    { field: 'partyEmployeePo.mobile', message: translate(lang, 'security.identityTaken') },
  ]);
}

type YN = 'Y' | 'N';

interface EmployeeIn {
  id?: string;
  account: string;
  password?: string;
  isSuper?: YN;
  isTenantAdmin?: YN;
  name: string;
  status?: string;
  gender?: string;
  email?: string;
  address?: string;
  mobile?: string;
  qq?: string;
  wcAccount?: string;
  photo?: string;
  groupID?: string;
  orgItem?: { id?: string } | null;
}

export interface SaveBody {
  partyEmployeePo: EmployeeIn;
  user?: { id?: string; account?: string; fullname?: string; password?: string; isSuper?: YN };
  positionVoList?: { id: string; isMainPost?: boolean; isPrincipal?: boolean }[];
  roleVoList?: { id: string; source?: string }[];
  attrValueVoList?: { attrId: string; value?: unknown }[];
  userGroupPoList?: { groupId: string }[];
}

interface Links {
  /** undefined: unchanged; null: no main organisation. */
  orgId?: string | null;
  positions?: { id: string; isMain: boolean; isPrincipal: boolean }[];
  roleIds?: string[];
  groupIds?: string[];
  attrs?: { attrId: string; value: string }[];
}

const blank = (v: string | undefined | null) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

/** Checks every link of the payload against the tenant's space; nothing is written yet. */
async function checkLinks(space: Space, body: SaveBody, lang: HandlerContext['lang']): Promise<Links> {
  const po = body.partyEmployeePo;
  const links: Links = {};
  if (po.orgItem?.id) links.orgId = po.orgItem.id;
  else if (po.groupID !== undefined) links.orgId = po.groupID || null;
  else if ('orgItem' in po) links.orgId = null;
  if (links.orgId) await requireIds(space, 'org', [links.orgId]);

  if (body.positionVoList) {
    const seen = new Set<string>();
    const positions = body.positionVoList
      .filter((p) => !seen.has(p.id) && seen.add(p.id))
      .map((p) => ({ id: p.id, isMain: p.isMainPost === true, isPrincipal: p.isPrincipal === true }));
    const mains = positions.filter((p) => p.isMain).length;
    if (mains > 1) throw invalid(lang, 'people.position.oneMainPost', {}, 'positionVoList');
    // Exactly one main post whenever the employee holds any.
    if (mains === 0 && positions.length > 0) positions[0].isMain = true;
    await requireIds(
      space,
      'position',
      positions.map((p) => p.id),
    );
    links.positions = positions;
  }

  if (body.roleVoList) {
    // Inherited entries (source 'other') come from organisations and positions: not saved as grants.
    const own = body.roleVoList
      .filter((r) => (r.source ?? 'own').split(',').includes('own'))
      .map((r) => r.id);
    links.roleIds = [...new Set(own)];
    await requireIds(space, 'role', links.roleIds);
  }

  if (body.userGroupPoList) {
    links.groupIds = [...new Set(body.userGroupPoList.map((g) => g.groupId))];
    await requireIds(space, 'user_group', links.groupIds);
  }

  if (body.attrValueVoList) {
    const ids = [...new Set(body.attrValueVoList.map((a) => a.attrId))];
    const defs = ids.length
      ? await space
          .selectFrom('attr_def')
          .select(['id', 'key', 'name', 'data_type', 'options', 'is_multi', 'party_type', 'sn'])
          .where('id', 'in', ids)
          .where('party_type', '=', 'employee')
          .execute()
      : [];
    const byId = new Map(defs.map((d) => [d.id, d]));
    const values = new Map<string, string>();
    for (const [i, a] of body.attrValueVoList.entries()) {
      const def = byId.get(a.attrId);
      if (!def) throw notFound('attr', a.attrId);
      const value = normaliseValue(def, a.value, lang, `attrValueVoList.${i}.value`);
      if (value === null) values.delete(a.attrId);
      else values.set(a.attrId, value);
    }
    links.attrs = [...values].map(([attrId, value]) => ({ attrId, value }));
  }
  return links;
}

/** Main organisation: the membership row flagged main, mirrored in employee.org_id; the former main one is left. */
async function setMainOrg(tx: Space, employeeId: string, orgId: string | null): Promise<void> {
  const previous = await tx
    .selectFrom('employee_org')
    .select('org_id')
    .where('employee_id', '=', employeeId)
    .where('is_main', '=', true)
    .executeTakeFirst();
  if (previous?.org_id === orgId) return;
  if (previous) {
    await tx
      .deleteFrom('employee_org')
      .where('employee_id', '=', employeeId)
      .where('org_id', '=', previous.org_id)
      .execute();
  }
  if (orgId) {
    await tx
      .insertInto('employee_org')
      .values({ employee_id: employeeId, org_id: orgId, is_main: true })
      .onConflict((oc) => oc.columns(['employee_id', 'org_id']).doUpdateSet({ is_main: true }))
      .execute();
  }
  await tx.updateTable('employee').set({ org_id: orgId }).where('id', '=', employeeId).execute();
}

async function writeLinks(tx: Space, employeeId: string, links: Links): Promise<void> {
  if (links.orgId !== undefined) await setMainOrg(tx, employeeId, links.orgId);
  if (links.positions) {
    await tx.deleteFrom('employee_position').where('employee_id', '=', employeeId).execute();
    if (links.positions.length) {
      await tx
        .insertInto('employee_position')
        .values(
          links.positions.map((p) => ({
            employee_id: employeeId,
            position_id: p.id,
            is_main: p.isMain,
            is_principal: p.isPrincipal,
          })),
        )
        .execute();
    }
  }
  if (links.roleIds) await replaceRoles(tx, 'employee', employeeId, links.roleIds);
  if (links.groupIds) {
    await tx.deleteFrom('user_group_member').where('employee_id', '=', employeeId).execute();
    if (links.groupIds.length) {
      await tx
        .insertInto('user_group_member')
        .values(links.groupIds.map((group_id) => ({ group_id, employee_id: employeeId })))
        .execute();
    }
  }
  if (links.attrs) {
    await tx
      .deleteFrom('attr_value')
      .where('party_id', '=', employeeId)
      .where('attr_id', 'in', (eb) =>
        eb.selectFrom('attr_def').select('id').where('party_type', '=', 'employee'),
      )
      .execute();
    if (links.attrs.length) {
      await tx
        .insertInto('attr_value')
        .values(links.attrs.map((a) => ({ attr_id: a.attrId, party_id: employeeId, value: a.value })))
        .execute();
    }
  }
}

const employeeIdOf = (current: { id: string } | undefined) => current?.id ?? '';

/** Whether the payload's own role grants differ from the employee's. */
/** The roles the employee would hold after the save that it does not hold now (direct or inherited). */
async function rolesGained(space: Space, employeeId: string | null, links: Links): Promise<string[]> {
  const grantsOf = async (type: 'employee' | 'org' | 'position', ids: string[]) =>
    ids.length === 0
      ? []
      : (
          await space
            .selectFrom('role_grant')
            .select('role_id')
            .where('party_type', '=', type)
            .where('party_id', 'in', ids)
            .execute()
        ).map((r) => r.role_id);
  const [orgsNow, postsNow] = employeeId
    ? await Promise.all([
        space.selectFrom('employee_org').select('org_id').where('employee_id', '=', employeeId).execute(),
        space
          .selectFrom('employee_position')
          .select('position_id')
          .where('employee_id', '=', employeeId)
          .execute(),
      ])
    : [[], []];
  const held = new Set([
    ...(employeeId ? await grantsOf('employee', [employeeId]) : []),
    ...(await grantsOf(
      'org',
      orgsNow.map((o) => o.org_id),
    )),
    ...(await grantsOf(
      'position',
      postsNow.map((p) => p.position_id),
    )),
  ]);
  const after = [
    ...(links.roleIds ?? []),
    ...(links.orgId ? await grantsOf('org', [links.orgId]) : []),
    ...(links.positions
      ? await grantsOf(
          'position',
          links.positions.map((p) => p.id),
        )
      : []),
  ];
  return [...new Set(after.filter((id) => !held.has(id)))];
}

async function rolesChange(space: Space, employeeId: string, roleIds: string[]): Promise<boolean> {
  const now = await space
    .selectFrom('role_grant')
    .select('role_id')
    .where('party_type', '=', 'employee')
    .where('party_id', '=', employeeId)
    .execute();
  const before = new Set(now.map((r) => r.role_id));
  return before.size !== roleIds.length || roleIds.some((id) => !before.has(id));
}

export async function saveEmployee(
  ctx: HandlerContext<unknown, OperationBody<'employee.create' | 'employee.update'>>,
  mode: 'create' | 'update',
) {
  const auth = authOf(ctx);
  const schema = tenantSchemaOf(ctx);
  const tenantId = auth.tenantId!;
  const space = spaceOf(ctx);
  const body: SaveBody = ctx.body;
  const po = body.partyEmployeePo;
  const lang = ctx.lang;
  const account = po.account.trim();
  if (body.user?.account !== undefined && body.user.account.trim() !== account) {
    throw invalid(lang, 'people.employee.accountMismatch', {}, 'user.account');
  }

  // The record being updated and its account.
  let current: Awaited<ReturnType<typeof findEmployee>>;
  if (mode === 'update') {
    if (!po.id) throw invalid(lang, 'people.employee.idRequired', {}, 'partyEmployeePo.id');
    current = await findEmployee(space, po.id);
    if (!current) throw notFound('employee', po.id);
    if (current.account !== account)
      throw invalid(lang, 'people.employee.accountReadOnly', {}, 'partyEmployeePo.account');
  }
  const currentAccount = current?.account_id ? await accountById(ctx.db, current.account_id) : undefined;
  if (currentAccount?.is_super && !auth.isSuper)
    throw denied('people.employee.superProtected', { name: current!.name });
  // Editing a more powerful colleague (an administrator) would let a member take over their account.
  if (current) await assertMayChange(ctx.db, auth, lang, [current]);

  // The admin switches.
  const currentSuper = currentAccount?.is_super ?? false;
  const wantSuper = po.isSuper ?? body.user?.isSuper;
  const nextSuper = wantSuper === undefined ? currentSuper : wantSuper === 'Y';
  if (nextSuper !== currentSuper && !auth.isSuper) throw denied('people.employee.adminSwitchDenied');
  const nextAdmin = po.isTenantAdmin === undefined ? (current?.is_admin ?? false) : po.isTenantAdmin === 'Y';
  if (nextAdmin !== (current?.is_admin ?? false) && !auth.isTenantAdmin)
    throw denied('people.employee.adminSwitchDenied');
  // A photo is a picture the caller uploaded, or the one the record already has: naming a colleague's
  // file would pin it (a referenced file cannot be removed by its owner).
  const photo = blank(po.photo);
  if (photo) {
    const kept =
      current &&
      (await space.selectFrom('employee').select('photo').where('id', '=', current.id).executeTakeFirst())
        ?.photo === photo;
    const file = kept
      ? undefined
      : await space.selectFrom('attachment').select('owner_id').where('id', '=', photo).executeTakeFirst();
    if (!kept && file?.owner_id !== auth.accountId)
      throw invalid(lang, 'people.employee.photoNotYours', {}, 'partyEmployeePo.photo');
  }
  const status = po.status ?? current?.status ?? 'actived';
  if (current && current.account_id === auth.accountId) {
    const loses =
      nextSuper !== currentSuper || status !== 'actived' || (!auth.isSuper && current.is_admin && !nextAdmin);
    if (loses) throw invalid(lang, 'people.employee.selfLockout');
  }
  if (nextSuper && mode === 'update' && !current?.account_id)
    throw invalid(lang, 'people.employee.noAccount');

  // Account name, password and mobile.
  const mobile = blank(po.mobile);
  let passwordHash: string | undefined;
  if (mode === 'create') {
    const password = po.password ?? body.user?.password;
    if (!password) throw invalid(lang, 'people.employee.passwordRequired', {}, 'partyEmployeePo.password');
    await limitLookups(ctx);
    const clash = await space
      .selectFrom('employee')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
      .executeTakeFirst();
    if (clash || (await accountNameTaken(ctx.db, account))) throw identityTaken(lang);
    assertPasswordAllowed(
      password,
      await defaultSetting(ctx.db),
      { account, mobile },
      lang,
      'partyEmployeePo.password',
    );
  }
  const accountId = mode === 'create' ? newId() : (current?.account_id ?? null);
  const shared =
    mode === 'update' &&
    accountId !== null &&
    !auth.isSuper &&
    (await belongsElsewhere(ctx.db, accountId, tenantId));
  if (shared && mobile !== (currentAccount?.mobile ?? null)) {
    throw new ApiError(Code.NO_PERMISSION, 'security.sharedCredentials', {}, [
      { field: 'partyEmployeePo.mobile', message: translate(lang, 'security.sharedCredentials') },
    ]);
  }
  if (mobile && accountId && mobile !== (currentAccount?.mobile ?? null)) {
    if (mode === 'update') await limitLookups(ctx);
    if (await mobileTaken(ctx.db, mobile, accountId)) throw identityTaken(lang);
  }

  const links = await checkLinks(space, body, lang);
  if (
    links.roleIds &&
    (mode === 'create'
      ? links.roleIds.length > 0
      : await rolesChange(space, employeeIdOf(current), links.roleIds))
  ) {
    await requirePermission(ctx.db, auth, 'role:grant');
  }
  // Roles it gains (directly, or through a new organisation or post) must grant nothing the caller lacks.
  const gained = await rolesGained(space, mode === 'update' ? employeeIdOf(current) : null, links);
  await requireMayGiveRoles(ctx.db, auth, gained);
  if (mode === 'create') passwordHash = await hashPassword((po.password ?? body.user?.password)!);

  const fields = {
    name: po.name.trim(),
    status,
    gender: po.gender ?? 'male',
    email: blank(po.email),
    address: blank(po.address),
    mobile,
    qq: blank(po.qq),
    wc_account: blank(po.wcAccount),
    photo: blank(po.photo),
    is_admin: nextAdmin,
  };
  const employeeId = current?.id ?? newId();
  try {
    await ctx.db.transaction().execute(async (db: Db) => {
      const tx = db.withSchema(schema);
      if (mode === 'create') {
        await db
          .insertInto('platform.account')
          .values({
            id: accountId!,
            account,
            fullname: fields.name,
            mobile,
            email: fields.email,
            password_hash: passwordHash!,
            password_changed_at: new Date(),
            must_change_password: true,
            is_super: nextSuper,
          })
          .execute();
        await tx
          .insertInto('employee')
          .values({ id: employeeId, account_id: accountId, account, ...fields })
          .execute();
      } else {
        await tx
          .updateTable('employee')
          .set({ ...fields, updated_at: new Date() })
          .where('id', '=', employeeId)
          .execute();
        if (accountId && !shared) {
          await db
            .updateTable('platform.account')
            .set({ fullname: fields.name, email: fields.email, mobile, is_super: nextSuper })
            .where('id', '=', accountId)
            .execute();
        }
      }
      const statusChanged = mode === 'create' || status !== current!.status;
      const adminChanged = mode === 'create' || nextAdmin !== current!.is_admin;
      if (statusChanged || (adminChanged && status === 'actived')) {
        await syncMembership(db, tenantId, accountId, status, nextAdmin, `employee-${status}`);
      }
      await writeLinks(tx, employeeId, links);
    });
  } catch (e) {
    // Two saves of the same new account at once: the loser learns the name is taken.
    if (isUniqueViolation(e) && /account/.test(String((e as { constraint?: unknown }).constraint ?? ''))) {
      throw invalid(lang, 'people.employee.accountTaken', { account }, 'partyEmployeePo.account');
    }
    throw e;
  }
  return requireEmployeeDetail(space, employeeId);
}
