/**
 * Filing test support: tenants of each kind with staff, actors with the seeded role bundles, a
 * controllable clock, and a filing filled in completely (parties, turnovers, markets, 公示表, documents).
 */
import { expect } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import type { Db } from '../../server/db/database.ts';
import { FilingError, type Actor } from '../../server/modules/filing/actor.ts';
import { FILING_ROLE_PERMISSIONS } from '../../server/modules/filing/permissions.ts';
import type { TenantKind } from '../../server/modules/filing/tables.ts';
import {
  filingContext,
  type FilingContext,
  type DeadlineScheduler,
} from '../../server/modules/filing/service/context.ts';
import { createDraft } from '../../server/modules/filing/service/cases.ts';
import {
  addParty,
  saveMarket,
  saveNoticeForm,
  saveShare,
  saveTurnover,
} from '../../server/modules/filing/service/parts.ts';
import { attachDocument } from '../../server/modules/filing/service/documents.ts';
import { withCheckCharacter } from '../../server/modules/filing/uscc.ts';
import { chinaMidnight } from '../../server/modules/filing/dates.ts';

export class TestClock {
  private at: Date;
  constructor(day: string) {
    this.at = this.on(day);
  }
  /** 10:00 in China on a day. */
  on(day: string): Date {
    return new Date(chinaMidnight(day).getTime() + 10 * 3600_000);
  }
  set(day: string) {
    this.at = this.on(day);
  }
  now = () => this.at;
}

export async function makeTenant(db: Db, kind: TenantKind, name: string): Promise<string> {
  const id = newId();
  const code = `t${id.replace(/-/g, '').slice(0, 12)}`;
  await db
    .insertInto('platform.tenant')
    .values({ id, code, name, schema_name: `t_${code}`, kind, approve_status: 'PASSED' })
    .execute();
  return id;
}

export async function makeAccount(db: Db, tenantId: string, name: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('platform.account')
    .values({ id, account: `u${id.slice(0, 8)}`, fullname: name, mobile: '13800000000' })
    .execute();
  await db.insertInto('platform.tenant_member').values({ tenant_id: tenantId, account_id: id }).execute();
  return id;
}

export async function makeActor(
  db: Db,
  tenantId: string,
  kind: TenantKind,
  role: keyof typeof FILING_ROLE_PERMISSIONS | string[],
  name = '测试用户',
): Promise<Actor> {
  const accountId = await makeAccount(db, tenantId, name);
  const permissions = new Set(Array.isArray(role) ? role : FILING_ROLE_PERMISSIONS[role]);
  return { accountId, tenantId, tenantKind: kind, permissions, name };
}

export interface World {
  authority: string;
  lead: Actor;
  reviewer: Actor;
  publisher: Actor;
  admin: Actor;
  filerTenant: string;
  filer: Actor;
  coPartyTenant: string;
  coParty: Actor;
  lawFirm: string;
  agent: Actor;
  strangerTenant: string;
  stranger: Actor;
}

export async function makeWorld(db: Db): Promise<World> {
  const authority = await makeTenant(db, 'authority', '国家市场监督管理总局');
  const filerTenant = await makeTenant(db, 'enterprise', '华东水泥集团有限公司');
  const coPartyTenant = await makeTenant(db, 'enterprise', '江南建材股份有限公司');
  const lawFirm = await makeTenant(db, 'law_firm', '金杜律师事务所');
  const strangerTenant = await makeTenant(db, 'enterprise', '无关企业有限公司');
  return {
    authority,
    lead: await makeActor(db, authority, 'authority', 'reviewLead', '王处长'),
    reviewer: await makeActor(db, authority, 'authority', 'reviewer', '李审查员'),
    publisher: await makeActor(db, authority, 'authority', 'publisher', '赵发布员'),
    admin: await makeActor(db, authority, 'authority', 'calendarAdmin', '系统管理员'),
    filerTenant,
    filer: await makeActor(db, filerTenant, 'enterprise', 'filer', '张申报'),
    coPartyTenant,
    coParty: await makeActor(db, coPartyTenant, 'enterprise', 'filer', '陈协同'),
    lawFirm,
    agent: await makeActor(db, lawFirm, 'law_firm', 'filer', '刘律师'),
    strangerTenant,
    stranger: await makeActor(db, strangerTenant, 'enterprise', 'filer', '路人甲'),
  };
}

export function testContext(db: Db, clock: TestClock, scheduler?: DeadlineScheduler): FilingContext {
  return filingContext(db, { now: clock.now, ...(scheduler ? { scheduler } : {}) });
}

/** Puts a small file in the actor's store space and attaches it as a document. */
export async function upload(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  kind: string,
  more: {
    partyId?: string;
    confidential?: boolean;
    language?: string;
    translationOf?: string;
    publicVersionOf?: string;
    title?: string;
    tenantId?: string;
  } = {},
): Promise<string> {
  const ref = await ctx.store.put({
    tenantId: more.tenantId ?? actor.tenantId,
    name: `${kind}.pdf`,
    mime: 'application/pdf',
    content: new TextEncoder().encode(`%PDF-1.4 ${kind} ${caseId} ${Math.random()}`),
  });
  const { id } = await attachDocument(ctx, actor, caseId, {
    kind,
    title: more.title ?? kind,
    language: more.language ?? 'zh',
    confidential: more.confidential ?? false,
    ...(more.partyId ? { partyId: more.partyId } : {}),
    ...(more.translationOf ? { translationOf: more.translationOf } : {}),
    ...(more.publicVersionOf ? { publicVersionOf: more.publicVersionOf } : {}),
    file: { tenantId: ref.tenantId, attachmentId: ref.attachmentId, sha256: ref.sha256 },
  });
  return id;
}

export const USCC_ACQUIRER = withCheckCharacter('91310000MA1K3Q0A1');
export const USCC_TARGET = withCheckCharacter('91320100MA1N7P2B3');

/** A filing complete in every section except (optionally) its documents. */
export async function fillFiling(
  ctx: FilingContext,
  filer: Actor,
  opts: { procedure: 'SIMPLIFIED' | 'NORMAL'; documents?: boolean; title?: string },
): Promise<{ caseId: string; acquirer: string; target: string; marketId: string }> {
  const simplified = opts.procedure === 'SIMPLIFIED';
  const { id: caseId } = await createDraft(ctx, filer, {
    title: opts.title ?? '华东水泥集团有限公司收购苏南建材有限公司股权案',
    procedure: opts.procedure,
    basis: 'THRESHOLD_MET',
    transactionMode: 'EQUITY_ACQUISITION',
    isHorizontal: true,
    dealValue: 1_250_000_000,
    dealCurrency: 'CNY',
    signingDate: '2026-01-05',
    plannedClosingDate: '2026-06-30',
    referenceYear: 2025,
    industries: ['C3011'],
    rationale: '扩大华东地区水泥产能，优化区域布局。',
    simplifiedReasons: simplified ? [1] : [],
  });
  const { id: acquirer } = await addParty(ctx, filer, caseId, {
    role: 'ACQUIRER',
    nameZh: '华东水泥集团有限公司',
    registeredPlace: '中国上海',
    mainBusiness: '水泥及熟料的生产和销售',
    ultimateController: '上海市国有资产监督管理委员会',
    uscc: USCC_ACQUIRER,
    sn: 1,
  });
  const { id: target } = await addParty(ctx, filer, caseId, {
    role: 'TARGET',
    nameZh: '苏南建材有限公司',
    registeredPlace: '中国江苏南京',
    mainBusiness: '水泥生产',
    ultimateController: '自然人王某',
    uscc: USCC_TARGET,
    sn: 2,
  });
  await saveTurnover(ctx, filer, acquirer, {
    year: 2025,
    worldwide: 9_000_000_000,
    china: 8_800_000_000,
    worldwideBand: [8_500_000_000, 9_300_000_000],
    chinaBand: [8_500_000_000, 9_000_000_000],
  });
  await saveTurnover(ctx, filer, target, {
    year: 2025,
    worldwide: 1_000_000_000,
    china: 950_000_000,
    worldwideBand: [950_000_000, 1_040_000_000],
    chinaBand: [900_000_000, 980_000_000],
  });
  const { id: marketId } = await saveMarket(ctx, filer, caseId, {
    product: '通用硅酸盐水泥',
    geography: '华东地区',
    relation: 'HORIZONTAL',
    reasoning: '运输半径约 300 公里',
  });
  await saveShare(ctx, filer, marketId, {
    partyId: acquirer,
    year: 2025,
    share: 7.2,
    bandLow: 5,
    bandHigh: 10,
  });
  await saveShare(ctx, filer, marketId, { partyId: target, year: 2025, share: 2.1, bandLow: 0, bandHigh: 5 });
  await saveShare(ctx, filer, marketId, {
    holderName: '海螺水泥',
    year: 2025,
    share: 21,
    bandLow: 20,
    bandHigh: 25,
  });
  if (simplified) {
    await saveNoticeForm(ctx, filer, caseId, {
      title: '华东水泥集团有限公司收购苏南建材有限公司股权案',
      summary: '华东水泥集团有限公司拟通过股权收购取得苏南建材有限公司100%股权并对其单独控制。',
      partyIntros: [
        { partyId: acquirer, text: '华东水泥集团有限公司成立于1998年，主要从事水泥及熟料的生产和销售。' },
        { partyId: target, text: '苏南建材有限公司成立于2005年，主要从事水泥生产。' },
      ],
      reasons: [1],
      remarks: '通用硅酸盐水泥（华东地区）：华东水泥 5%-10%，苏南建材 0%-5%。',
    });
  }
  if (opts.documents !== false) {
    for (const kind of [
      'NOTIFICATION_FORM',
      'COMPETITION_STATEMENT',
      'AGREEMENT',
      'UNDERTAKING',
      ...(simplified ? ['NOTICE_FORM'] : []),
    ])
      await upload(ctx, filer, caseId, kind);
    for (const partyId of [acquirer, target]) {
      await upload(ctx, filer, caseId, 'FINANCIAL_REPORT', { partyId, confidential: true });
      await upload(ctx, filer, caseId, 'IDENTITY', { partyId });
    }
  }
  return { caseId, acquirer, target, marketId };
}

/** Awaits a call that must be refused for `reason` (a FilingError); returns the error. */
export async function refused(p: Promise<unknown>, reason: string): Promise<FilingError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected refusal ${reason}`).toBeInstanceOf(FilingError);
  expect((err as FilingError).reason).toBe(reason);
  return err as FilingError;
}
