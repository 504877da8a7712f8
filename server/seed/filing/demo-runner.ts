/**
 * Plays the demo script (demo-script.ts) through the filing service: drafts, sections and uploads by
 * their service functions, every transition by the transition runner, the deadline job's sweep for each
 * day that passes (notices close, requests lapse, a Phase I runs out), publications and public comments
 * as the publisher and the public make them. Each step runs on a context whose clock is the step's
 * backdated instant, so the rows, audit chain, receipts and notices are what the live path leaves.
 */
import { PUBLIC_ROLE_PERMISSIONS } from '../public-role-permissions.ts';
import { setDisclosure } from '../../modules/public/review-list/disclosure-switch.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../modules/filing/actor.ts';
import { addDays, chinaDate, chinaMidnight, type PlainDate } from '../../modules/filing/dates.ts';
import { FILING_ROLE_PERMISSIONS } from '../../modules/filing/permissions.ts';
import type { CaseState, TenantKind } from '../../modules/filing/tables.ts';
import { filingContext, type FilingContext } from '../../modules/filing/service/context.ts';
import { createDraft } from '../../modules/filing/service/cases.ts';
import {
  addParty,
  saveMarket,
  saveNoticeForm,
  saveShare,
  saveTurnover,
} from '../../modules/filing/service/parts.ts';
import { attachDocument, openDocument } from '../../modules/filing/service/documents.ts';
import { authoriseAgent, inviteCoParty } from '../../modules/filing/service/members.ts';
import * as transitions from '../../modules/filing/service/transitions.ts';
import { processDueClocks } from '../../modules/filing/service/deadlines.ts';
import {
  publishClearanceBatch,
  publishDecision,
  submitComment,
} from '../../modules/filing/service/publications.ts';
import { demoPdf } from './demo-pdf.ts';
import type {
  DemoActor,
  DemoCaseSummary,
  DemoPeople,
  DemoScript,
  DemoStep,
  DemoUpload,
} from './demo-script.ts';

/** What the service told us about a case while playing it: ids only the service knows. */
interface Played {
  id: string;
  title: string;
  parties: string[];
  /** The notice served by the case's latest act (openNotice reads it). */
  lastNotice?: string;
  supplementId?: string;
}

/**
 * The service opens a transaction per unit of work; the first start seeds inside one. Nested units join
 * it (as `inTransaction` does): a view of the transaction whose `transaction()` runs the work on it.
 */
function joining(db: Db): Db {
  if (!db.isTransaction) return db;
  return new Proxy(db, {
    get(target, key) {
      if (key === 'transaction') return () => ({ execute: <T>(fn: (trx: Db) => Promise<T>) => fn(target) });
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export async function playDemoScript(
  rawDb: Db,
  people: DemoPeople,
  script: DemoScript,
): Promise<DemoCaseSummary> {
  const db = joining(rawDb);
  let clock = new Date();
  const ctx: FilingContext = filingContext(db, { now: () => clock });
  const actors = actorsOf(people);
  const actor = (who: DemoActor | null): Actor => actors.get(who!.accountId)!;
  const played: Played[] = [];

  // The deadline job's sweep, once per day from the first step's day up to `until`.
  let swept: PlainDate | null = null;
  const sweepUntil = async (until: PlainDate) => {
    for (let day = swept ? addDays(swept, 1) : until; day <= until; day = addDays(day, 1)) {
      clock = new Date(chinaMidnight(day).getTime() + 30 * 60_000);
      await processDueClocks(ctx);
      swept = day;
    }
  };

  for (const s of script.steps) {
    const day = chinaDate(s.at);
    if (!swept) swept = addDays(day, -1);
    await sweepUntil(day);
    clock = s.at;
    await play(s);
  }
  clock = new Date();
  await sweepUntil(chinaDate(clock));
  const states = await db
    .selectFrom('filing.case')
    .select(['id', 'state'])
    .where(
      'id',
      'in',
      played.map((p) => p.id),
    )
    .execute();
  const stateOf = new Map(states.map((x) => [x.id, x.state]));
  const wrong = script.cases
    .map((c, i) => ({ want: c.target, got: stateOf.get(played[i].id), title: played[i].title }))
    .filter((x) => x.want !== x.got);
  if (wrong.length)
    throw new Error(
      `demo seed: cases off their script: ${wrong.map((w) => `${w.title} ${w.got}≠${w.want}`).join('; ')}`,
    );
  const byState: Partial<Record<CaseState, number>> = {};
  for (const x of states) byState[x.state] = (byState[x.state] ?? 0) + 1;
  return { cases: played.length, byState };

  async function upload(c: Played, by: DemoActor, u: DemoUpload, on: PlainDate): Promise<string> {
    const who = actor(by);
    // As PDF (what filers upload); a supplement's answer as plain text (the text view and its charsets).
    const asText = u.kind === 'SUPPLEMENT';
    const lines = [
      `案件名称：${c.title}`,
      `文件名称：${u.title}`,
      `提交日期：${on}`,
      '',
      '本文件为演示数据，由系统生成，用于展示申报文件的查阅与下载，不涉及任何真实交易。',
    ];
    const content = asText
      ? new Uint8Array(Buffer.from([u.title, '', ...lines, ''].join('\n'), 'utf8'))
      : demoPdf(u.title, lines);
    const file = await ctx.store.put(
      {
        tenantId: who.tenantId,
        name: `${u.title}.${asText ? 'txt' : 'pdf'}`,
        mime: asText ? 'text/plain; charset=utf-8' : 'application/pdf',
        content,
      },
      db,
    );
    await sql`update filing.stored_content set created_at = ${clock} where id = ${file.attachmentId}`.execute(
      db,
    );
    const { id } = await attachDocument(ctx, who, c.id, {
      kind: u.kind,
      title: u.title,
      confidential: u.confidential ?? false,
      partyId: u.party === undefined ? undefined : c.parties[u.party],
      file: { tenantId: file.tenantId, attachmentId: file.attachmentId, sha256: file.sha256 },
    });
    return id;
  }

  async function play(s: DemoStep): Promise<void> {
    const step = s.step;
    const on = chinaDate(s.at);
    if (step.act === 'publishBatch') {
      await publishClearanceBatch(ctx, actor(s.by), {
        title: step.title,
        publishedOn: step.publishedOn,
        caseIds: step.cases.map((i) => played[i].id),
      });
      return;
    }
    if (step.act === 'create') {
      const owner = actor(s.by);
      const { draft } = step;
      const { id } = await createDraft(ctx, owner, draft.fields);
      const c: Played = { id, title: draft.fields.title as string, parties: [] };
      played[s.case] = c;
      // The draft's own rows take the day it was written (the service stamps them with the database's now).
      await sql`update filing."case" set created_at = ${clock}, updated_at = ${clock} where id = ${id}`.execute(
        db,
      );
      await sql`update filing.membership set created_at = ${clock} where case_id = ${id}`.execute(db);
      for (const p of draft.parties) c.parties.push((await addParty(ctx, owner, id, p.fields)).id);
      await sql`update filing.party set created_at = ${clock}, updated_at = ${clock} where case_id = ${id}`.execute(
        db,
      );
      for (const [k, p] of draft.parties.entries())
        if (p.turnover) await saveTurnover(ctx, owner, c.parties[k], p.turnover);
      for (const [m, fields] of draft.markets.entries()) {
        const market = await saveMarket(ctx, owner, id, fields);
        for (const [k, p] of draft.parties.entries())
          if (p.share && (m === 0 || k === 0))
            await saveShare(ctx, owner, market.id, {
              partyId: c.parties[k],
              year: draft.fields.referenceYear,
              ...p.share,
            });
      }
      if (draft.noticeForm)
        await saveNoticeForm(ctx, owner, id, {
          title: draft.noticeForm.title,
          summary: draft.noticeForm.summary,
          partyIntros: c.parties.map((partyId, k) => ({ partyId, text: draft.noticeForm!.intros[k] })),
          reasons: draft.noticeForm.reasons,
          remarks: draft.noticeForm.remarks,
        });
      for (const u of draft.uploads) await upload(c, s.by!, u, on);
      if (step.agent) {
        const poa = await upload(c, s.by!, { kind: 'POWER_OF_ATTORNEY', title: '授权委托书' }, on);
        await authoriseAgent(ctx, owner, id, { tenantId: step.agent.tenantId, poaDocumentId: poa });
      }
      if (step.coPartyTenantId) await inviteCoParty(ctx, owner, id, step.coPartyTenantId);
      return;
    }
    const c = played[s.case];
    const who = s.by ? actor(s.by) : null;
    const t = transitions;
    let documentId: string | undefined;
    switch (step.act) {
      case 'submit':
        await t.submit(ctx, who!, c.id);
        break;
      case 'assign':
        await t.assignHandler(ctx, who!, c.id, {
          handlerAccountId: step.handler.accountId,
          divisionId: step.divisionId,
          divisionName: step.divisionName,
        });
        break;
      case 'requestSupplement': {
        const r = await t.requestSupplement(ctx, who!, c.id, { items: step.items, dueOn: step.dueOn });
        c.supplementId = r.supplementId;
        documentId = r.documentId;
        break;
      }
      case 'answerSupplement': {
        const doc = await upload(c, s.by!, step.upload, on);
        await t.answerSupplement(ctx, who!, c.supplementId!, { answer: step.answer, documentIds: [doc] });
        break;
      }
      case 'deemNotFiled':
        documentId = (await t.deemNotFiled(ctx, who!, c.id, { reason: step.reason })).documentId;
        break;
      case 'returnFiling':
        documentId = (await t.returnFiling(ctx, who!, c.id, { reason: step.reason })).documentId;
        break;
      case 'accept':
        documentId = (await t.accept(ctx, who!, c.id, { reason: step.reason })).documentId;
        break;
      case 'clearPhaseI':
        documentId = (await t.clearPhaseI(ctx, who!, c.id, {})).documentId;
        break;
      case 'furtherReview':
        documentId = (await t.furtherReview(ctx, who!, c.id, { reason: step.reason })).documentId;
        break;
      case 'extend':
        documentId = (
          await t.extendPhaseII(ctx, who!, c.id, {
            days: step.days,
            ground: step.ground,
            reason: step.reason,
          })
        ).documentId;
        break;
      case 'stopClock':
        documentId = (await t.stopClock(ctx, who!, c.id, { ground: step.ground, reason: step.reason }))
          .documentId;
        break;
      case 'proposeRemedy':
        await t.proposeRemedy(ctx, who!, c.id, { kind: step.kind, text: step.text });
        break;
      case 'decide':
        documentId = (await t.decide(ctx, who!, c.id, step)).documentId;
        break;
      case 'requestWithdrawal':
        await t.requestWithdrawal(ctx, who!, c.id, { reason: step.reason });
        break;
      case 'consentWithdrawal':
        documentId = (await t.consentWithdrawal(ctx, who!, c.id, {})).documentId;
        break;
      case 'comment': {
        const notice = await db
          .selectFrom('filing.publication')
          .select('id')
          .where('case_id', '=', c.id)
          .where('kind', '=', 'NOTICE')
          .executeTakeFirstOrThrow();
        await submitComment(ctx, notice.id, step.input);
        break;
      }
      case 'openNotice':
        if (c.lastNotice) await openDocument(ctx, who!, c.lastNotice);
        break;
      case 'publishDecision':
        await publishDecision(ctx, who!, c.id);
        break;
      case 'discloseProgress':
        await setDisclosure(ctx, who!, { caseId: c.id, progressPublic: true });
        break;
    }
    if (documentId) c.lastNotice = documentId;
  }
}

/** The service's callers: each demo person acting in their tenant with their role's permissions. */
function actorsOf(people: DemoPeople): Map<string, Actor> {
  const map = new Map<string, Actor>();
  const add = (p: DemoActor, kind: TenantKind, role: keyof typeof FILING_ROLE_PERMISSIONS) =>
    map.set(p.accountId, {
      accountId: p.accountId,
      tenantId: p.tenantId,
      tenantKind: kind,
      permissions: new Set([...FILING_ROLE_PERMISSIONS[role], ...(PUBLIC_ROLE_PERMISSIONS[role] ?? [])]),
      name: p.name,
    });
  for (const d of people.divisions) {
    add(d.lead, 'authority', 'reviewLead');
    for (const r of d.reviewers) add(r, 'authority', 'reviewer');
  }
  add(people.publisher, 'authority', 'publisher');
  for (const e of people.enterprises) add(e.filer, 'enterprise', 'filer');
  add(people.lawFirm.agent, 'law_firm', 'filer');
  return map;
}
