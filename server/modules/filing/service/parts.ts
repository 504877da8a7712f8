/**
 * The sections of a filing a party fills: parties, turnovers, relevant markets and shares, other
 * jurisdictions, the 公示表. Each row records the tenant whose data it is; only that tenant (or its agent)
 * changes it. Case-wide sections (markets, jurisdictions, 公示表) belong to the owner side.
 */
import { newId } from '../../../auth/tokens.ts';
import { FilingError, type Actor } from '../actor.ts';
import { PARTY_ROLES } from '../tables.ts';
import { usccProblem } from '../uscc.ts';
import { NOTICE_SUMMARY_MAX } from '../completeness.ts';
import { accessAsParty, assertContributor, assertEditable, type CaseAccess } from './access.ts';
import type { FilingContext } from './context.ts';
import { amount, date, int, known, oneOf, requiredText, text } from './input.ts';
import { inUnit, type Unit } from './unit.ts';
import type { Db } from '../../../db/database.ts';
import { notFound } from '../actor.ts';
import { Code } from '../../../http/codes.ts';

/** Public bands: turnover ≤ 10 % wide (relative to the lower bound), market shares ≤ 5 points. */
export const TURNOVER_BAND_MAX_RATIO = 0.1;
export const SHARE_BAND_MAX_POINTS = 5;

async function editAccess(
  u: Unit,
  actor: Actor,
  caseId: string,
  ownerOnly = false,
): Promise<CaseAccess & { principalTenantId: string }> {
  const access = await accessAsParty(u.trx, actor, caseId, 'filing:edit', { ownerOnly, forUpdate: true });
  assertEditable(access);
  return access;
}

async function touch(u: Unit, caseId: string) {
  await u.trx
    .updateTable('filing.case')
    .set((e) => ({ updated_at: u.at, version: e('version', '+', 1) }))
    .where('id', '=', caseId)
    .execute();
}

async function caseOf(
  trx: Db,
  table: 'filing.party' | 'filing.market' | 'filing.turnover' | 'filing.market_share' | 'filing.jurisdiction',
  id: string,
) {
  const row = await trx.selectFrom(table).select(['case_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(table.slice(7));
  return row.case_id;
}

// ---- Parties

const PARTY_FIELDS = [
  'role',
  'nameZh',
  'nameOriginal',
  'registeredPlace',
  'establishedOn',
  'listingExchange',
  'listedSince',
  'mainBusiness',
  'businessScope',
  'address',
  'ultimateController',
  'chinaAffiliates',
  'uscc',
  'sn',
] as const;

function partyColumns(input: Record<string, unknown>, creating: boolean) {
  const has = (k: string) => creating || Object.prototype.hasOwnProperty.call(input, k);
  const set: Record<string, unknown> = {};
  if (has('role')) set.role = oneOf(input.role, 'role', PARTY_ROLES, true);
  if (has('nameZh')) set.name_zh = requiredText(input.nameZh, 'nameZh', 200);
  const texts: [string, string, number][] = [
    ['nameOriginal', 'name_original', 300],
    ['registeredPlace', 'registered_place', 100],
    ['listingExchange', 'listing_exchange', 100],
    ['mainBusiness', 'main_business', 2000],
    ['businessScope', 'business_scope', 5000],
    ['address', 'address', 300],
    ['ultimateController', 'ultimate_controller', 300],
    ['chinaAffiliates', 'china_affiliates', 5000],
  ];
  for (const [k, col, max] of texts) if (has(k)) set[col] = text(input[k], k, { max });
  if (has('establishedOn')) set.established_on = date(input.establishedOn, 'establishedOn');
  if (has('listedSince')) set.listed_since = date(input.listedSince, 'listedSince');
  if (has('uscc')) {
    const code = text(input.uscc, 'uscc', { max: 18 });
    const upper = code?.toUpperCase() ?? null;
    if (upper) {
      const problem = usccProblem(upper);
      if (problem) throw new FilingError('uscc', { field: 'uscc', problem });
    }
    set.uscc = upper;
  }
  if (has('sn')) set.sn = int(input.sn, 'sn', 0, 1000) ?? 0;
  return set;
}

export async function addParty(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: Record<string, unknown>,
) {
  const columns = partyColumns(known(input, PARTY_FIELDS), true);
  return inUnit(ctx, async (u) => {
    const access = await editAccess(u, actor, caseId);
    const id = newId();
    await u.trx
      .insertInto('filing.party')
      .values({
        id,
        case_id: caseId,
        contributed_by_tenant_id: access.principalTenantId,
        ...(columns as { role: never; name_zh: string }),
      })
      .execute();
    await touch(u, caseId);
    return { id };
  });
}

export async function updateParty(
  ctx: FilingContext,
  actor: Actor,
  partyId: string,
  input: Record<string, unknown>,
) {
  const columns = partyColumns(known(input, PARTY_FIELDS), false);
  return inUnit(ctx, async (u) => {
    const caseId = await caseOf(u.trx, 'filing.party', partyId);
    const access = await editAccess(u, actor, caseId);
    const party = await u.trx
      .selectFrom('filing.party')
      .select('contributed_by_tenant_id')
      .where('id', '=', partyId)
      .executeTakeFirstOrThrow();
    assertContributor(access, party.contributed_by_tenant_id);
    await u.trx
      .updateTable('filing.party')
      .set({ ...columns, updated_at: u.at })
      .where('id', '=', partyId)
      .execute();
    await touch(u, caseId);
  });
}

export async function removeParty(ctx: FilingContext, actor: Actor, partyId: string) {
  return inUnit(ctx, async (u) => {
    const caseId = await caseOf(u.trx, 'filing.party', partyId);
    const access = await editAccess(u, actor, caseId);
    const party = await u.trx
      .selectFrom('filing.party')
      .select('contributed_by_tenant_id')
      .where('id', '=', partyId)
      .executeTakeFirstOrThrow();
    assertContributor(access, party.contributed_by_tenant_id);
    await u.trx.deleteFrom('filing.party').where('id', '=', partyId).execute();
    await touch(u, caseId);
  });
}

// ---- Turnover per party and year

export interface TurnoverInput {
  year: number;
  worldwide: number;
  china: number;
  currency?: string;
  rateToCny?: number;
  worldwideBand: [number, number];
  chinaBand: [number, number];
}

function band(value: unknown, field: string): [number, number] {
  if (!Array.isArray(value) || value.length !== 2) throw new FilingError('invalidValue', { field });
  const low = amount(value[0], field, { required: true })!;
  const high = amount(value[1], field, { required: true })!;
  if (high < low) throw new FilingError('bandReversed', { field });
  return [low, high];
}

export function checkTurnoverBand(cny: number, [low, high]: [number, number], field: string): void {
  if (high - low > low * TURNOVER_BAND_MAX_RATIO + 0.005)
    throw new FilingError('turnoverBandTooWide', { field, max: 10 });
  if (cny < low || cny > high) throw new FilingError('valueOutsideBand', { field });
}

export async function saveTurnover(
  ctx: FilingContext,
  actor: Actor,
  partyId: string,
  raw: Record<string, unknown>,
) {
  const input = known(raw, [
    'year',
    'worldwide',
    'china',
    'currency',
    'rateToCny',
    'worldwideBand',
    'chinaBand',
  ]);
  const year = int(input.year, 'year', 1990, 2100, true)!;
  const worldwide = amount(input.worldwide, 'worldwide', { required: true })!;
  const china = amount(input.china, 'china', { required: true })!;
  if (china > worldwide) throw new FilingError('chinaAboveWorldwide');
  const currency = (text(input.currency, 'currency', { max: 3 }) ?? 'CNY').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new FilingError('invalidValue', { field: 'currency' });
  const rate = currency === 'CNY' ? 1 : Number(input.rateToCny);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 10000)
    throw new FilingError('invalidValue', { field: 'rateToCny' });
  const wBand = band(input.worldwideBand, 'worldwideBand');
  const cBand = band(input.chinaBand, 'chinaBand');
  checkTurnoverBand(worldwide * rate, wBand, 'worldwideBand');
  checkTurnoverBand(china * rate, cBand, 'chinaBand');
  return inUnit(ctx, async (u) => {
    const caseId = await caseOf(u.trx, 'filing.party', partyId);
    const access = await editAccess(u, actor, caseId);
    const party = await u.trx
      .selectFrom('filing.party')
      .select('contributed_by_tenant_id')
      .where('id', '=', partyId)
      .executeTakeFirstOrThrow();
    assertContributor(access, party.contributed_by_tenant_id);
    const values = {
      worldwide,
      china,
      currency,
      rate_to_cny: rate,
      worldwide_band_low: wBand[0],
      worldwide_band_high: wBand[1],
      china_band_low: cBand[0],
      china_band_high: cBand[1],
    };
    const row = await u.trx
      .insertInto('filing.turnover')
      .values({
        id: newId(),
        case_id: caseId,
        party_id: partyId,
        contributed_by_tenant_id: access.principalTenantId,
        year,
        ...values,
      })
      .onConflict((oc) => oc.columns(['party_id', 'year']).doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    await touch(u, caseId);
    return { id: row.id };
  });
}

export async function removeTurnover(ctx: FilingContext, actor: Actor, turnoverId: string) {
  return inUnit(ctx, async (u) => {
    const caseId = await caseOf(u.trx, 'filing.turnover', turnoverId);
    const access = await editAccess(u, actor, caseId);
    const row = await u.trx
      .selectFrom('filing.turnover')
      .select('contributed_by_tenant_id')
      .where('id', '=', turnoverId)
      .executeTakeFirstOrThrow();
    assertContributor(access, row.contributed_by_tenant_id);
    await u.trx.deleteFrom('filing.turnover').where('id', '=', turnoverId).execute();
    await touch(u, caseId);
  });
}

// ---- Relevant markets (owner side) and shares (each party its own; the owner also its competitors')

const MARKET_RELATIONS = ['HORIZONTAL', 'UPSTREAM', 'DOWNSTREAM', 'ADJACENT'] as const;

export async function saveMarket(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  raw: Record<string, unknown>,
) {
  const input = known(raw, ['id', 'product', 'geography', 'relation', 'reasoning', 'sn']);
  const values = {
    product: requiredText(input.product, 'product', 200),
    geography: requiredText(input.geography, 'geography', 100),
    relation: oneOf(input.relation, 'relation', MARKET_RELATIONS, true)!,
    reasoning: text(input.reasoning, 'reasoning', { max: 10000 }),
    sn: int(input.sn, 'sn', 0, 1000) ?? 0,
  };
  return inUnit(ctx, async (u) => {
    const access = await editAccess(u, actor, caseId, true);
    let id = input.id as string | undefined;
    if (id) {
      const r = await u.trx
        .updateTable('filing.market')
        .set(values)
        .where('id', '=', id)
        .where('case_id', '=', caseId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound('market');
    } else {
      id = newId();
      await u.trx
        .insertInto('filing.market')
        .values({ id, case_id: caseId, contributed_by_tenant_id: access.principalTenantId, ...values })
        .execute();
    }
    await touch(u, caseId);
    return { id };
  });
}

export async function removeMarket(ctx: FilingContext, actor: Actor, marketId: string) {
  return inUnit(ctx, async (u) => {
    const caseId = await caseOf(u.trx, 'filing.market', marketId);
    await editAccess(u, actor, caseId, true);
    await u.trx.deleteFrom('filing.market').where('id', '=', marketId).execute();
    await touch(u, caseId);
  });
}

export async function saveShare(
  ctx: FilingContext,
  actor: Actor,
  marketId: string,
  raw: Record<string, unknown>,
) {
  const input = known(raw, ['id', 'holderName', 'partyId', 'year', 'share', 'bandLow', 'bandHigh']);
  const share = Number(input.share);
  const low = Number(input.bandLow);
  const high = Number(input.bandHigh);
  for (const [field, v] of [
    ['share', share],
    ['bandLow', low],
    ['bandHigh', high],
  ] as const)
    if (!Number.isFinite(v) || v < 0 || v > 100)
      throw new FilingError('outOfRange', { field, min: 0, max: 100 });
  if (high < low) throw new FilingError('bandReversed', { field: 'bandHigh' });
  if (high - low > SHARE_BAND_MAX_POINTS + 1e-9)
    throw new FilingError('shareBandTooWide', { field: 'bandHigh', max: SHARE_BAND_MAX_POINTS });
  if (share < low || share > high) throw new FilingError('valueOutsideBand', { field: 'share' });
  const year = int(input.year, 'year', 1990, 2100, true)!;
  const partyId = text(input.partyId, 'partyId', { max: 64 });
  return inUnit(ctx, async (u) => {
    const caseId = await caseOf(u.trx, 'filing.market', marketId);
    const access = await editAccess(u, actor, caseId);
    let holder = text(input.holderName, 'holderName', { max: 200 });
    if (partyId) {
      const party = await u.trx
        .selectFrom('filing.party')
        .select(['name_zh', 'contributed_by_tenant_id', 'case_id'])
        .where('id', '=', partyId)
        .executeTakeFirst();
      if (!party || party.case_id !== caseId) throw notFound('party');
      assertContributor(access, party.contributed_by_tenant_id);
      holder ??= party.name_zh;
    } else if (!access.ownerSide) {
      // Competitors' shares are the owner side's estimate; a co-party enters its own.
      throw new FilingError('ownerOnly', {}, Code.NO_PERMISSION);
    }
    if (!holder) throw new FilingError('required', { field: 'holderName' });
    const values = { holder_name: holder, party_id: partyId, year, share, band_low: low, band_high: high };
    let id = input.id as string | undefined;
    if (id) {
      const row = await u.trx
        .selectFrom('filing.market_share')
        .select(['contributed_by_tenant_id', 'market_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || row.market_id !== marketId) throw notFound('share');
      assertContributor(access, row.contributed_by_tenant_id);
      await u.trx.updateTable('filing.market_share').set(values).where('id', '=', id).execute();
    } else {
      id = newId();
      await u.trx
        .insertInto('filing.market_share')
        .values({
          id,
          market_id: marketId,
          case_id: caseId,
          contributed_by_tenant_id: access.principalTenantId,
          ...values,
        })
        .execute();
    }
    await touch(u, caseId);
    return { id };
  });
}

export async function removeShare(ctx: FilingContext, actor: Actor, shareId: string) {
  return inUnit(ctx, async (u) => {
    const caseId = await caseOf(u.trx, 'filing.market_share', shareId);
    const access = await editAccess(u, actor, caseId);
    const row = await u.trx
      .selectFrom('filing.market_share')
      .select('contributed_by_tenant_id')
      .where('id', '=', shareId)
      .executeTakeFirstOrThrow();
    assertContributor(access, row.contributed_by_tenant_id);
    await u.trx.deleteFrom('filing.market_share').where('id', '=', shareId).execute();
    await touch(u, caseId);
  });
}

// ---- Other jurisdictions (owner side)

const JURISDICTION_STATUS = [
  'PLANNED',
  'FILED',
  'CLEARED',
  'CLEARED_WITH_CONDITIONS',
  'PROHIBITED',
  'WITHDRAWN',
] as const;

export async function saveJurisdiction(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  raw: Record<string, unknown>,
) {
  const input = known(raw, ['id', 'jurisdiction', 'status', 'statusDate', 'sn']);
  const values = {
    jurisdiction: requiredText(input.jurisdiction, 'jurisdiction', 100),
    status: oneOf(input.status, 'status', JURISDICTION_STATUS, true)!,
    status_date: date(input.statusDate, 'statusDate'),
    sn: int(input.sn, 'sn', 0, 1000) ?? 0,
  };
  return inUnit(ctx, async (u) => {
    await editAccess(u, actor, caseId, true);
    let id = input.id as string | undefined;
    if (id) {
      const r = await u.trx
        .updateTable('filing.jurisdiction')
        .set(values)
        .where('id', '=', id)
        .where('case_id', '=', caseId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound('jurisdiction');
    } else {
      id = newId();
      await u.trx
        .insertInto('filing.jurisdiction')
        .values({ id, case_id: caseId, ...values })
        .execute();
    }
    await touch(u, caseId);
    return { id };
  });
}

export async function removeJurisdiction(ctx: FilingContext, actor: Actor, jurisdictionId: string) {
  return inUnit(ctx, async (u) => {
    const caseId = await caseOf(u.trx, 'filing.jurisdiction', jurisdictionId);
    await editAccess(u, actor, caseId, true);
    await u.trx.deleteFrom('filing.jurisdiction').where('id', '=', jurisdictionId).execute();
    await touch(u, caseId);
  });
}

// ---- 简易案件公示表 (owner side)

export async function saveNoticeForm(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  raw: Record<string, unknown>,
) {
  const input = known(raw, ['title', 'summary', 'partyIntros', 'reasons', 'remarks']);
  const summary = text(input.summary, 'summary', { max: 10000 }) ?? '';
  const length = [...summary].length;
  if (length > NOTICE_SUMMARY_MAX)
    throw new FilingError('summaryTooLong', { field: 'summary', length, max: NOTICE_SUMMARY_MAX });
  const intros = input.partyIntros ?? [];
  if (
    !Array.isArray(intros) ||
    intros.some(
      (i) =>
        typeof i !== 'object' ||
        i === null ||
        typeof i.partyId !== 'string' ||
        typeof i.text !== 'string' ||
        [...i.text].length > 2000,
    )
  )
    throw new FilingError('invalidValue', { field: 'partyIntros' });
  const reasons = input.reasons ?? [];
  if (!Array.isArray(reasons) || reasons.some((n) => !Number.isInteger(n) || n < 1 || n > 6))
    throw new FilingError('invalidValue', { field: 'reasons' });
  return inUnit(ctx, async (u) => {
    const access = await editAccess(u, actor, caseId, true);
    if (access.case.procedure !== 'SIMPLIFIED') throw new FilingError('noticeFormSimplifiedOnly');
    const partyIds = new Set(
      (await u.trx.selectFrom('filing.party').select('id').where('case_id', '=', caseId).execute()).map(
        (p) => p.id,
      ),
    );
    const cleanIntros = (intros as { partyId: string; text: string }[]).map((i) => ({
      partyId: i.partyId,
      text: i.text.trim(),
    }));
    if (cleanIntros.some((i) => !partyIds.has(i.partyId)))
      throw new FilingError('invalidValue', { field: 'partyIntros' });
    const values = {
      title: text(input.title, 'title', { max: 200 }) ?? '',
      summary,
      party_intros: JSON.stringify(cleanIntros),
      reasons: [...new Set(reasons as number[])].sort(),
      remarks: text(input.remarks, 'remarks', { max: 5000 }) ?? '',
      updated_at: u.at,
    };
    await u.trx
      .insertInto('filing.notice_form')
      .values({ case_id: caseId, ...values })
      .onConflict((oc) => oc.column('case_id').doUpdateSet(values))
      .execute();
    await touch(u, caseId);
  });
}
