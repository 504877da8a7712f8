/**
 * About forty demo cases spread over every state of the filing state machine, with the transitions,
 * clocks, supplements, documents (uploaded and generated, each stored with its SHA-256), served
 * documents, publications, comments and the audit chain a real history would have left. Built in memory
 * from a seeded generator and dates relative to the day of seeding (running clocks end in the future),
 * then written with a few bulk statements.
 */
import { createHash } from 'node:crypto';
import type { HolidayCalendar } from '../../modules/filing/calendar.ts';
import { periodEnd } from '../../modules/filing/calendar.ts';
import { addDays, chinaMidnight, type PlainDate } from '../../modules/filing/dates.ts';
import { renderTemplate } from '../../modules/filing/documents/templates.ts';
import type { GeneratedKind } from '../../modules/filing/documents/kinds.ts';
import { entryHash, type AuditEntry } from '../../modules/filing/audit.ts';
import type { CaseState } from '../../modules/filing/tables.ts';
import { withCheckCharacter } from '../../modules/filing/uscc.ts';
import { translate } from '../../http/i18n.ts';
import { demoPdf } from './demo-pdf.ts';
import { generateDeal } from './public.ts';
import type { Random } from './random.ts';
import { buildReceipt, type ReceiptDocument } from '../../modules/filing/service/receipts.ts';
import type { ReceiptKind } from '../../modules/filing/receipt-tables.ts';

export interface DemoActor {
  accountId: string;
  tenantId: string;
  name: string;
}

export interface DemoPeople {
  authorityId: string;
  authorityName: string;
  divisions: { id: string; name: string; lead: DemoActor; reviewers: DemoActor[] }[];
  publisher: DemoActor;
  enterprises: { tenantId: string; name: string; filer: DemoActor }[];
  lawFirm: { tenantId: string; name: string; agent: DemoActor };
}

type Row = Record<string, unknown>;

export class DemoRows {
  readonly tables: Record<string, Row[]> = {};
  readonly audit: Omit<AuditEntry, 'seq' | 'prevHash'>[] = [];
  push(table: string, row: Row) {
    (this.tables[table] ??= []).push(row);
  }
  /** Audit entries in time order, chained from the given head. */
  chainedAudit(lastSeq: number, lastHash: string): Row[] {
    const sorted = [...this.audit].sort((a, b) => a.at.localeCompare(b.at));
    let prev = lastHash;
    return sorted.map((e, i) => {
      const entry: AuditEntry = { ...e, seq: lastSeq + i + 1, prevHash: prev };
      const hash = entryHash(entry);
      prev = hash;
      return {
        seq: entry.seq,
        at: entry.at,
        action: entry.action,
        actor_account_id: entry.actorAccountId,
        actor_tenant_id: entry.actorTenantId,
        case_id: entry.caseId,
        object_type: entry.objectType,
        object_id: entry.objectId,
        detail: entry.detail,
        prev_hash: entry.prevHash,
        hash,
      };
    });
  }
}

const sha = (data: string | Uint8Array) =>
  createHash('sha256')
    .update(typeof data === 'string' ? Buffer.from(data, 'utf8') : data)
    .digest('hex');
const hex = (data: string | Uint8Array) =>
  `\\x${(typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data)).toString('hex')}`;

/** One case being written: its rows and the steps of its history. */
class DemoCase {
  readonly id: string;
  state: CaseState = 'DRAFT';
  readonly members: string[];
  readonly parties: { id: string; name: string; role: string }[] = [];
  private readonly caseRow: Row;
  private clocks: Row[] = [];
  /** Documents served since the last step: that step's receipt lists them (as recordTransition does). */
  private served: string[] = [];
  private receipts = 0;

  constructor(
    private readonly ctx: {
      r: Random;
      rows: DemoRows;
      calendar: HolidayCalendar;
      people: DemoPeople;
      caseNo: () => string;
    },
    readonly owner: { tenantId: string; filer: DemoActor },
    readonly procedure: 'SIMPLIFIED' | 'NORMAL',
    createdOn: PlainDate,
    readonly agent?: DemoActor,
  ) {
    const { r, rows } = ctx;
    this.id = r.id();
    const deal = generateDeal(r);
    const signing = addDays(createdOn, -r.int(10, 60));
    this.members = [owner.tenantId, ...(agent ? [agent.tenantId] : [])];
    const mode = deal.mode === 'MERGER_ABSORPTION' ? 'EQUITY_ACQUISITION' : deal.mode;
    this.caseRow = {
      id: this.id,
      owner_tenant_id: owner.tenantId,
      created_by: owner.filer.accountId,
      case_no: null,
      title: deal.title,
      procedure,
      basis: r.chance(0.9) ? 'THRESHOLD_MET' : 'VOLUNTARY',
      transaction_mode: mode,
      is_horizontal: true,
      is_vertical: r.chance(0.3),
      is_conglomerate: false,
      jv_abroad_no_china_activity: false,
      foreign_target_no_china_activity: false,
      deal_value: r.int(2, 800) * 10_000_000,
      deal_currency: r.chance(0.8) ? 'CNY' : 'USD',
      signing_date: signing,
      planned_closing_date: addDays(signing, r.int(90, 240)),
      reference_year: Number(signing.slice(0, 4)) - 1,
      industries: [deal.industry],
      rationale: `通过本次交易整合${deal.product}业务，实现规模效应与技术协同。`,
      simplified_reasons: procedure === 'SIMPLIFIED' ? (mode === 'JOINT_TO_SOLE' ? [6] : [1]) : [],
      state: 'DRAFT',
      version: 1,
      created_at: this.at(createdOn),
      updated_at: this.at(createdOn),
    };
    rows.push('filing.membership', {
      id: r.id(),
      case_id: this.id,
      tenant_id: owner.tenantId,
      role: 'FILER',
      status: 'ACTIVE',
      invited_by: owner.filer.accountId,
      created_at: this.at(createdOn),
    });
    if (agent) {
      const poa = this.upload('POWER_OF_ATTORNEY', createdOn, { title: '授权委托书' });
      rows.push('filing.membership', {
        id: r.id(),
        case_id: this.id,
        tenant_id: agent.tenantId,
        role: 'AGENT',
        on_behalf_of_tenant_id: owner.tenantId,
        poa_document_id: poa,
        status: 'ACTIVE',
        invited_by: owner.filer.accountId,
        created_at: this.at(createdOn),
      });
    }
    // Parties, turnovers, markets and shares.
    const refYear = this.caseRow.reference_year as number;
    const market = { id: r.id(), product: deal.product, geography: '中国境内' };
    rows.push('filing.market', {
      id: market.id,
      case_id: this.id,
      contributed_by_tenant_id: owner.tenantId,
      product: market.product,
      geography: market.geography,
      relation: 'HORIZONTAL',
      reasoning: '需求替代和供给替代分析表明相关地域市场为中国境内。',
      sn: 0,
    });
    deal.parties.forEach((p, i) => {
      const role = i === 0 ? 'ACQUIRER' : mode === 'JOINT_VENTURE' ? 'JV_PARENT' : i === 1 ? 'TARGET' : 'JV';
      const id = r.id();
      this.parties.push({ id, name: p.zh, role });
      rows.push('filing.party', {
        id,
        case_id: this.id,
        contributed_by_tenant_id: owner.tenantId,
        role: mode === 'JOINT_VENTURE' && i === 0 ? 'JV_PARENT' : role,
        name_zh: p.zh,
        name_original: p.original,
        registered_place: p.place,
        established_on: `${r.int(1985, 2015)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
        main_business: `${p.trade.product}的研发、生产和销售`,
        business_scope: `${p.trade.product}及相关产品的研发、制造、销售；技术咨询与服务。`,
        address: p.domestic
          ? `${p.place.replace('中国', '')}市高新技术产业开发区创新大道${r.int(1, 999)}号`
          : null,
        ultimate_controller: r.chance(0.4)
          ? `${p.place.replace('中国', '')}市人民政府国有资产监督管理委员会`
          : '自然人',
        uscc: p.domestic
          ? withCheckCharacter(
              `91${r.int(110000, 650000)}MA${r
                .id()
                .replace(/-/g, '')
                .slice(0, 7)
                .toUpperCase()
                .replace(/[IOSVZ]/g, '8')}`,
            )
          : null,
        sn: i,
        created_at: this.at(createdOn),
        updated_at: this.at(createdOn),
      });
      if (role !== 'JV') {
        const china = r.int(9, 400) * 100_000_000;
        const worldwide = china + r.int(0, 300) * 100_000_000;
        rows.push('filing.turnover', {
          id: r.id(),
          case_id: this.id,
          party_id: id,
          contributed_by_tenant_id: owner.tenantId,
          year: refYear,
          worldwide,
          china,
          currency: 'CNY',
          rate_to_cny: 1,
          worldwide_band_low: Math.floor(worldwide * 0.96),
          worldwide_band_high: Math.floor(worldwide * 1.04),
          china_band_low: Math.floor(china * 0.96),
          china_band_high: Math.floor(china * 1.04),
        });
        const share = r.int(5, 70) / 10;
        rows.push('filing.market_share', {
          id: r.id(),
          market_id: market.id,
          case_id: this.id,
          contributed_by_tenant_id: owner.tenantId,
          holder_name: p.zh,
          party_id: id,
          year: refYear,
          share,
          band_low: Math.floor(share / 5) * 5,
          band_high: Math.floor(share / 5) * 5 + 5,
        });
      }
    });
    if (procedure === 'SIMPLIFIED') {
      rows.push('filing.notice_form', {
        case_id: this.id,
        title: deal.title,
        summary: `${deal.parties[0].zh}拟${mode === 'JOINT_VENTURE' ? `与${deal.parties[1].zh}新设合营企业` : `取得${deal.parties.at(-1)!.zh}的控制权`}，交易完成后相关${deal.product}业务由其经营。`,
        party_intros: this.parties.map((p) => ({
          partyId: p.id,
          text: `${p.name}主要从事${deal.product}相关业务。`,
        })),
        reasons: this.caseRow.simplified_reasons,
        remarks: `${deal.product}（中国境内）：合计份额低于15%。`,
        updated_at: this.at(createdOn),
      });
    }
    // The documents a complete filing has.
    for (const kind of [
      'NOTIFICATION_FORM',
      'COMPETITION_STATEMENT',
      'AGREEMENT',
      'UNDERTAKING',
      ...(procedure === 'SIMPLIFIED' ? ['NOTICE_FORM'] : []),
    ])
      this.upload(kind, createdOn);
    for (const p of this.parties.filter((p) => p.role !== 'JV')) {
      this.upload('FINANCIAL_REPORT', createdOn, {
        partyId: p.id,
        confidential: true,
        title: `${p.name}${refYear}年度审计报告`,
      });
      this.upload('IDENTITY', createdOn, { partyId: p.id, title: `${p.name}营业执照` });
    }
    rows.audit.push({
      at: this.at(createdOn).toString(),
      action: 'case.create',
      actorAccountId: owner.filer.accountId,
      actorTenantId: owner.tenantId,
      caseId: this.id,
      objectType: 'case',
      objectId: this.id,
      detail: { refiledFrom: null },
    });
  }

  get title() {
    return this.caseRow.title as string;
  }

  get handlerAccountId(): string | null {
    return (this.caseRow.handler_account_id as string | undefined) ?? null;
  }

  /** An instant on a China day during office hours, as ISO text. */
  at(day: PlainDate, hour = 9 + this.ctx.r.int(0, 7)): string {
    const time = chinaMidnight(day).getTime() + hour * 3600_000 + this.ctx.r.int(0, 59) * 60_000;
    // Never later than now: a case seeded this morning was not submitted this afternoon.
    return new Date(Math.min(time, Date.now() - 60_000)).toISOString();
  }

  upload(
    kind: string,
    on: PlainDate,
    more: { partyId?: string; confidential?: boolean; title?: string } = {},
  ): string {
    const { r, rows } = this.ctx;
    // Named as a filer names them (申报书, 承诺书 …), with a few readable lines inside.
    const title = more.title ?? translate('zh-CN', `filingFiler.documentKind.${kind}`);
    // As PDF (what filers upload); supplements as plain text (the text view and its charsets). Chosen by
    // kind, not drawn: the seed's random sequence, and so every demo case, stays as it was.
    const asText = kind === 'SUPPLEMENT';
    const lines = [
      `案件名称：${this.title}`,
      `文件名称：${title}`,
      `提交日期：${on}`,
      '',
      '本文件为演示数据，由系统生成，用于展示申报文件的查阅与下载，不涉及任何真实交易。',
    ];
    const content = asText ? [title, '', ...lines, ''].join('\n') : demoPdf(title, lines);
    const ext = asText ? 'txt' : 'pdf';
    const mime = asText ? 'text/plain; charset=utf-8' : 'application/pdf';
    const size = typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    const attachmentId = r.id();
    rows.push('filing.stored_content', {
      id: attachmentId,
      tenant_id: this.owner.tenantId,
      name: `${title}.${ext}`,
      mime,
      size,
      sha256: sha(content),
      content: hex(content),
      created_at: this.at(on),
    });
    const id = r.id();
    rows.push('filing.document', {
      id,
      case_id: this.id,
      kind,
      title,
      language: 'zh',
      confidential: more.confidential ?? false,
      party_id: more.partyId ?? null,
      file_tenant_id: this.owner.tenantId,
      attachment_id: attachmentId,
      sha256: sha(content),
      size,
      mime,
      file_name: `${title}.${ext}`,
      generated: false,
      contributed_by_tenant_id: this.owner.tenantId,
      uploaded_by: this.owner.filer.accountId,
      created_at: this.at(on),
    });
    return id;
  }

  /** A generated notice, stored in the authority's space and served to every member tenant. */
  generate(
    kind: GeneratedKind,
    on: PlainDate,
    by: DemoActor | null,
    extra: Record<string, unknown> = {},
  ): string {
    const { r, rows, people } = this.ctx;
    const { title, html } = renderTemplate(kind, {
      authority: people.authorityName,
      caseTitle: this.title,
      caseNo: this.caseRow.case_no as string | null,
      parties: this.parties.map((p) => p.name),
      date: on,
      ...extra,
    });
    const attachmentId = r.id();
    const at = this.at(on);
    rows.push('filing.stored_content', {
      id: attachmentId,
      tenant_id: people.authorityId,
      name: `${title}.html`,
      mime: 'text/html; charset=utf-8',
      size: Buffer.byteLength(html),
      sha256: sha(html),
      content: hex(html),
      created_at: at,
    });
    const id = r.id();
    rows.push('filing.document', {
      id,
      case_id: this.id,
      kind,
      title,
      language: 'zh',
      confidential: false,
      file_tenant_id: people.authorityId,
      attachment_id: attachmentId,
      sha256: sha(html),
      size: Buffer.byteLength(html),
      mime: 'text/html; charset=utf-8',
      file_name: `${title}.html`,
      generated: true,
      contributed_by_tenant_id: people.authorityId,
      uploaded_by: by?.accountId ?? null,
      created_at: at,
    });
    this.members.forEach((tenantId, i) =>
      rows.push('filing.served_document', {
        id: r.id(),
        case_id: this.id,
        document_id: id,
        tenant_id: tenantId,
        served_at: at,
        first_opened_at: i === 0 && r.chance(0.7) ? this.at(addDays(on, r.int(0, 2)), 17) : null,
      }),
    );
    this.served.push(id);
    return id;
  }

  /** A receipt of this case's documents (all of them, or those named), built as the live path builds it. */
  private receipt(kind: ReceiptKind, act: string, at: string, by: DemoActor | null, documentIds?: string[]) {
    const docs = (this.ctx.rows.tables['filing.document'] ?? []).filter((d) => d.case_id === this.id);
    const picked = documentIds ? documentIds.map((id) => docs.find((d) => d.id === id)!) : docs;
    // Its id from the case and the step, not from the generator: the demo stays as it was, and the same.
    const hex = sha(`${this.id}:receipt:${++this.receipts}`);
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    const { receipt, items } = buildReceipt(
      {
        caseId: this.id,
        caseNo: String(this.caseRow.case_no ?? ''),
        caseTitle: this.title,
        kind,
        act,
        at,
        actor: by ? { accountId: by.accountId, tenantId: by.tenantId } : null,
        documents: picked as unknown as ReceiptDocument[],
      },
      id,
    );
    this.ctx.rows.push('filing.receipt', receipt);
    for (const item of items) this.ctx.rows.push('filing.receipt_item', item);
  }

  transition(
    action: string,
    on: PlainDate,
    to: CaseState,
    by: DemoActor | null,
    more: { reason?: string; ground?: string; documentIds?: string[]; detail?: Record<string, unknown> } = {},
  ): string {
    const at = this.at(on);
    const from = this.state;
    this.ctx.rows.push('filing.transition', {
      case_id: this.id,
      action,
      from_state: from,
      to_state: to,
      actor_account_id: by?.accountId ?? null,
      actor_tenant_id: by?.tenantId ?? null,
      by_system: by === null,
      reason: more.reason ?? null,
      ground: more.ground ?? null,
      document_ids: more.documentIds ?? [],
      detail: more.detail ?? {},
      at,
    });
    this.ctx.rows.audit.push({
      at,
      action: `transition.${action}`,
      actorAccountId: by?.accountId ?? null,
      actorTenantId: by?.tenantId ?? null,
      caseId: this.id,
      objectType: 'case',
      objectId: this.id,
      detail: {
        from,
        to,
        reason: more.reason ?? null,
        ground: more.ground ?? null,
        documentIds: more.documentIds ?? [],
        ...(more.detail ?? {}),
      },
    });
    this.state = to;
    this.caseRow.state = to;
    this.caseRow.updated_at = at;
    this.caseRow.version = (this.caseRow.version as number) + 1;
    const served = this.served.splice(0);
    if (served.length) this.receipt('SERVICE', action, at, by, served);
    return at;
  }

  clock(kind: string, startedOn: PlainDate, length: number, refId: string | null = null): Row {
    const end = periodEnd(this.ctx.calendar, startedOn, length);
    const row: Row = {
      id: this.ctx.r.id(),
      case_id: this.id,
      kind,
      ref_id: refId,
      started_on: startedOn,
      length_days: length,
      extension_days: 0,
      stopped_days: 0,
      nominal_due_on: end.nominal,
      due_on: end.due,
      state: 'RUNNING',
      created_at: this.at(startedOn),
    };
    this.clocks.push(row);
    return row;
  }

  private recompute(c: Row) {
    const end = periodEnd(
      this.ctx.calendar,
      c.started_on as PlainDate,
      (c.length_days as number) + (c.extension_days as number) + (c.stopped_days as number),
    );
    c.nominal_due_on = end.nominal;
    c.due_on = end.due;
  }

  // ---- Steps of the history

  submit(on: PlainDate) {
    this.caseRow.case_no = this.ctx.caseNo();
    this.caseRow.submitted_at = this.at(on);
    const by = this.agent ?? this.owner.filer;
    this.receipt('SUBMISSION', 'submit', this.transition('submit', on, 'SUBMITTED', by), by);
  }

  assign(on: PlainDate, division: DemoPeople['divisions'][number], handler: DemoActor) {
    this.caseRow.handler_account_id = handler.accountId;
    this.caseRow.division_id = division.id;
    this.caseRow.division_name = division.name;
    this.transition('assign', on, this.state, division.lead, {
      detail: { handlerBefore: null, handler: handler.accountId, divisionId: division.id },
    });
  }

  supplement(on: PlainDate, due: PlainDate, by: DemoActor, items: string) {
    const id = this.ctx.r.id();
    const c = this.clock('SUPPLEMENT', on, Math.round((Date.parse(due) - Date.parse(on)) / 86_400_000), id);
    const doc = this.generate('SUPPLEMENT_NOTICE', on, by, {
      items,
      dueOn: c.due_on,
      nominalDueOn: c.nominal_due_on,
    });
    const row: Row = {
      id,
      case_id: this.id,
      stage: this.state === 'SUBMITTED' ? 'PRE_ACCEPTANCE' : 'REVIEW',
      items,
      requested_by: by.accountId,
      requested_at: this.at(on),
      due_on: c.due_on,
      state: 'OPEN',
      answer_document_ids: [],
      notice_document_id: doc,
    };
    this.ctx.rows.push('filing.supplement', row);
    this.transition(
      'requestSupplement',
      on,
      this.state === 'SUBMITTED' ? 'AWAITING_SUPPLEMENT' : this.state,
      by,
      { reason: items, documentIds: [doc], detail: { supplementId: id, dueOn: c.due_on } },
    );
    return { row, clock: c };
  }

  answer(s: { row: Row; clock: Row }, on: PlainDate) {
    const doc = this.upload('SUPPLEMENT', on, { title: '补充材料' });
    Object.assign(s.row, {
      state: 'ANSWERED',
      answer_text: '已按要求补充提交相关文件、资料。',
      answer_document_ids: [doc],
      answered_by: this.owner.filer.accountId,
      answered_at: this.at(on),
    });
    Object.assign(s.clock, { state: 'DONE', ended_on: on });
    const by = this.agent ?? this.owner.filer;
    const at = this.transition('answerSupplement', on, 'SUBMITTED', by, {
      reason: '已补充提交。',
      documentIds: [doc],
      detail: { supplementId: s.row.id },
    });
    this.receipt('SUBMISSION', 'answerSupplement', at, by, [doc]);
  }

  accept(on: PlainDate, lead: DemoActor) {
    const p1 = this.clock('PHASE_I', on, 30);
    let notice: Row | undefined;
    if (this.procedure === 'SIMPLIFIED') {
      const publicationId = this.ctx.r.id();
      notice = this.clock('NOTICE', on, 10, publicationId);
      this.ctx.rows.push('filing.publication', {
        id: publicationId,
        kind: 'NOTICE',
        case_id: this.id,
        title: this.title,
        parties: this.parties.map((p) => p.name).join('、'),
        procedure: 'SIMPLIFIED',
        transaction_mode: this.caseRow.transaction_mode,
        industries: this.caseRow.industries,
        live_from: on,
        live_until: notice.due_on,
        notice_state: 'LIVE',
        notice_form: {
          title: this.title,
          summary: `${this.parties[0].name}拟取得${this.parties.at(-1)!.name}的控制权。`,
          partyIntros: this.parties.map((p) => ({ party: p.name, text: `${p.name}的主营业务见申报材料。` })),
          reasons: this.caseRow.simplified_reasons,
          remarks: '合计份额低于15%。',
        },
        variations: [],
        allow_anonymous: true,
        published_by: lead.accountId,
        published_at: this.at(on),
      });
    }
    const doc = this.generate('ACCEPTANCE_NOTICE', on, lead, {
      dueOn: p1.due_on,
      nominalDueOn: p1.nominal_due_on,
    });
    this.caseRow.accepted_on = on;
    this.transition('accept', on, 'PHASE_I', lead, {
      reason: '申报文件、资料完备，符合立案条件。',
      documentIds: [doc],
      detail: { phaseIDueOn: p1.due_on, noticeUntil: notice?.due_on ?? null },
    });
    return { p1, notice };
  }

  /** Closes what has run out by `today` the way the deadline job would (notices only). */
  settleNotice(notice: Row | undefined, today: PlainDate) {
    if (!notice || (notice.due_on as string) >= today) return;
    Object.assign(notice, { state: 'DONE', ended_on: addDays(notice.due_on as string, 1) });
    const pub = this.ctx.rows.tables['filing.publication'].find((p) => p.id === notice.ref_id)!;
    pub.notice_state = 'CLOSED';
  }

  /** The lead decides only after the notice closed: close it on the day of the decision at the latest. */
  closeNotice(notice: Row | undefined, on: PlainDate) {
    if (!notice) return;
    Object.assign(notice, {
      state: 'DONE',
      ended_on: (notice.due_on as string) < on ? addDays(notice.due_on as string, 1) : on,
    });
    const pub = this.ctx.rows.tables['filing.publication'].find((p) => p.id === notice.ref_id)!;
    pub.notice_state = 'CLOSED';
  }

  end(c: Row, on: PlainDate, state = 'DONE') {
    Object.assign(c, { state, ended_on: on });
  }

  clearPhaseI(on: PlainDate, lead: DemoActor, p1: Row) {
    this.end(p1, on);
    const doc = this.generate('CLEARANCE_DECISION', on, lead);
    Object.assign(this.caseRow, { decided_on: on, decision: 'CLEARED' });
    this.transition('clearPhaseI', on, 'CLEARED', lead, { documentIds: [doc] });
  }

  furtherReview(on: PlainDate, lead: DemoActor, p1: Row): Row {
    this.end(p1, on);
    const p2 = this.clock('PHASE_II', on, 90);
    const doc = this.generate('FURTHER_REVIEW_NOTICE', on, lead, {
      reason: '该项集中可能具有排除、限制竞争效果，需进一步审查。',
      dueOn: p2.due_on,
    });
    this.transition('furtherReview', on, 'PHASE_II', lead, {
      reason: '可能具有排除、限制竞争效果。',
      documentIds: [doc],
      detail: { phaseIIDueOn: p2.due_on },
    });
    return p2;
  }

  extend(on: PlainDate, lead: DemoActor, p2: Row, days: number) {
    p2.extension_days = (p2.extension_days as number) + days;
    this.recompute(p2);
    const doc = this.generate('EXTENSION_NOTICE', on, lead, {
      days,
      ground: '经营者同意延长审查期限',
      dueOn: p2.due_on,
    });
    this.transition('extend', on, 'PHASE_II', lead, {
      reason: '经营者同意延长审查期限',
      ground: 'OPERATOR_AGREES',
      documentIds: [doc],
      detail: { days, totalExtension: p2.extension_days, dueOn: p2.due_on },
    });
  }

  stop(on: PlainDate, lead: DemoActor, clock: Row) {
    Object.assign(clock, { state: 'STOPPED', stopped_on: on });
    this.caseRow.suspended_from = this.state;
    const doc = this.generate('SUSPENSION_NOTICE', on, lead, {
      ground: '出现对经营者集中审查具有重大影响的新情况、新事实，不经核实将导致审查工作无法进行',
    });
    this.transition('stopClock', on, 'SUSPENDED', lead, {
      reason: '交易方案调整，需核实新情况。',
      ground: 'NEW_FACTS',
      documentIds: [doc],
      detail: { clockId: clock.id },
    });
  }

  restart(on: PlainDate, lead: DemoActor, clock: Row) {
    const days = Math.round((Date.parse(on) - Date.parse(clock.stopped_on as string)) / 86_400_000);
    Object.assign(clock, {
      state: 'RUNNING',
      stopped_on: null,
      stopped_days: (clock.stopped_days as number) + days,
    });
    this.recompute(clock);
    const phase = this.caseRow.suspended_from as CaseState;
    this.caseRow.suspended_from = null;
    const doc = this.generate('RESUMPTION_NOTICE', on, lead, { dueOn: clock.due_on });
    this.transition('restartClock', on, phase, lead, {
      documentIds: [doc],
      detail: { daysStopped: days, dueOn: clock.due_on },
    });
  }

  decide(
    on: PlainDate,
    lead: DemoActor,
    p2: Row,
    decision: 'CLEARED' | 'CLEARED_WITH_CONDITIONS' | 'PROHIBITED',
    conditions?: string,
    term?: string,
  ) {
    this.end(p2, on);
    if (decision === 'CLEARED_WITH_CONDITIONS') {
      this.ctx.rows.push('filing.remedy', {
        id: this.ctx.r.id(),
        case_id: this.id,
        version: 1,
        kind: 'STRUCTURAL',
        text: conditions,
        document_ids: [],
        submitted_by: this.owner.filer.accountId,
        submitted_at: this.at(addDays(on, -20)),
      });
    }
    const kind =
      decision === 'CLEARED'
        ? 'CLEARANCE_DECISION'
        : decision === 'PROHIBITED'
          ? 'PROHIBITION_DECISION'
          : 'CONDITIONAL_DECISION';
    const doc = this.generate(kind, on, lead, {
      conditions,
      conditionTerm: term,
      decisionText: '经审查，作出如下决定。',
    });
    Object.assign(this.caseRow, { decided_on: on, decision });
    this.transition('decide', on, decision, lead, {
      reason: '经审查作出决定。',
      documentIds: [doc],
      detail: { decision, conditions: conditions ?? null, conditionTerm: term ?? null },
    });
    return doc;
  }

  withdraw(on: PlainDate, decidedOn: PlainDate | null, lead: DemoActor, consent: boolean) {
    const from = this.state;
    const id = this.ctx.r.id();
    const row: Row = {
      id,
      case_id: this.id,
      from_state: from,
      reason: '交易各方已终止交易。',
      requested_by: this.owner.filer.accountId,
      requested_at: this.at(on),
      state: 'PENDING',
    };
    this.ctx.rows.push('filing.withdrawal', row);
    this.transition('requestWithdrawal', on, 'WITHDRAWAL_PENDING', this.owner.filer, {
      reason: row.reason as string,
    });
    if (!decidedOn) return;
    if (consent) {
      for (const c of this.clocks)
        if (c.state === 'RUNNING' || c.state === 'STOPPED') this.end(c, decidedOn, 'CANCELLED');
      for (const p of this.ctx.rows.tables['filing.publication'] ?? [])
        if (p.case_id === this.id)
          Object.assign(p, { notice_state: 'CLOSED', hidden_at: this.at(decidedOn) });
      Object.assign(row, { state: 'CONSENTED', decided_by: lead.accountId, decided_at: this.at(decidedOn) });
      const doc = this.generate('WITHDRAWAL_CONSENT', decidedOn, lead);
      this.transition('consentWithdrawal', decidedOn, 'WITHDRAWN', lead, {
        documentIds: [doc],
        detail: { withdrawalId: id },
      });
    }
  }

  deemCleared(on: PlainDate, clock: Row) {
    this.end(clock, on, 'LAPSED');
    const doc = this.generate('DEEMED_CLEARED_NOTICE', on, null, { dueOn: clock.due_on });
    Object.assign(this.caseRow, { decided_on: on, decision: 'DEEMED_CLEARED' });
    this.transition('deemCleared', on, 'DEEMED_CLEARED', null, {
      documentIds: [doc],
      detail: { clockId: clock.id, dueOn: clock.due_on },
    });
  }

  addCoParty(tenantId: string) {
    this.members.push(tenantId);
    this.ctx.rows.push('filing.membership', {
      id: this.ctx.r.id(),
      case_id: this.id,
      tenant_id: tenantId,
      role: 'CO_PARTY',
      status: 'ACTIVE',
      invited_by: this.owner.filer.accountId,
      created_at: this.caseRow.created_at,
    });
  }

  finish() {
    this.ctx.rows.push('filing.case', this.caseRow);
    for (const c of this.clocks) this.ctx.rows.push('filing.clock', c);
  }
}

export interface DemoCaseSummary {
  cases: number;
  byState: Partial<Record<CaseState, number>>;
}

/**
 * The histories: each entry builds one case to a target state, with dates counted back from `today`
 * so running clocks end after it.
 */
export function buildDemoCases(
  r: Random,
  calendar: HolidayCalendar,
  people: DemoPeople,
  today: PlainDate,
): { rows: DemoRows; summary: DemoCaseSummary } {
  const rows = new DemoRows();
  let n = 0;
  const year = Number(today.slice(0, 4));
  const caseNo = () => `JZSB${year}-${String(++n).padStart(4, '0')}`;
  const ctx = { r, rows, calendar, people, caseNo };
  // The working day `days` ago, never after today: on a weekend or holiday the next working day would
  // be in the future, so the last one before it is taken.
  let lastWorkingDay = today;
  while (calendar.isRestDay(lastWorkingDay)) lastWorkingDay = addDays(lastWorkingDay, -1);
  const D = (days: number) => {
    const day = calendar.nextWorkingDay(addDays(today, -days));
    return day <= today ? day : lastWorkingDay;
  };
  const divisionOf = (i: number) => people.divisions[i % people.divisions.length];
  const handlerOf = (i: number) => {
    const d = divisionOf(i);
    return d.reviewers[i % d.reviewers.length];
  };
  const cases: DemoCase[] = [];
  let i = 0;
  const make = (procedure: 'SIMPLIFIED' | 'NORMAL', createdDaysAgo: number, viaAgent = false) => {
    const owner = people.enterprises[i % people.enterprises.length];
    const c = new DemoCase(
      ctx,
      owner,
      procedure,
      D(createdDaysAgo),
      viaAgent ? people.lawFirm.agent : undefined,
    );
    if (i % 7 === 3) c.addCoParty(people.enterprises[(i + 1) % people.enterprises.length].tenantId);
    cases.push(c);
    i++;
    return c;
  };
  const submitted = (procedure: 'SIMPLIFIED' | 'NORMAL', daysAgo: number, viaAgent = false) => {
    const c = make(procedure, daysAgo + r.int(3, 10), viaAgent);
    c.submit(D(daysAgo));
    c.assign(D(Math.max(daysAgo - 1, 0)), divisionOf(i), handlerOf(i));
    return c;
  };
  const divisionOfCase = (c: DemoCase) =>
    people.divisions.find((d) => d.reviewers.some((x) => x.accountId === c.handlerAccountId)) ??
    people.divisions[0];
  const lead = (c: DemoCase) => divisionOfCase(c).lead;
  const reviewer = (c: DemoCase) =>
    divisionOfCase(c).reviewers.find((x) => x.accountId === c.handlerAccountId) ??
    divisionOfCase(c).reviewers[0];
  const accepted = (procedure: 'SIMPLIFIED' | 'NORMAL', acceptedDaysAgo: number, viaAgent = false) => {
    const c = submitted(procedure, acceptedDaysAgo + r.int(10, 20), viaAgent);
    if (r.chance(0.4)) {
      const s = c.supplement(
        D(acceptedDaysAgo + 8),
        D(acceptedDaysAgo + 1),
        reviewer(c),
        '请补充提交交易各方上一会计年度经审计的财务报告中文译本。',
      );
      c.answer(s, D(acceptedDaysAgo + 3));
    }
    const clocks = c.accept(D(acceptedDaysAgo), lead(c));
    return { c, ...clocks };
  };

  // DRAFT ×3
  for (const days of [2, 6, 15]) make(r.chance(0.6) ? 'SIMPLIFIED' : 'NORMAL', days);
  // SUBMITTED ×4 (awaiting the completeness check)
  for (const days of [1, 3, 6, 9]) submitted(days === 6 ? 'NORMAL' : 'SIMPLIFIED', days, days === 3);
  // AWAITING_SUPPLEMENT ×3, one lapsed and flagged for the lead
  for (const [asked, due] of [
    [4, -8],
    [7, -5],
    [20, 2],
  ] as const) {
    const c = submitted('SIMPLIFIED', asked + 5);
    const s = c.supplement(
      D(asked),
      due < 0 ? calendar.nextWorkingDay(addDays(today, -due)) : D(due),
      reviewer(c),
      '请补充提交集中协议的签署版本及相关附件。',
    );
    if (due > 0) {
      Object.assign(s.clock, {
        state: 'LAPSED',
        ended_on: addDays(s.clock.due_on as string, 1),
        lapse_flagged_at: c.at(addDays(s.clock.due_on as string, 1), 0),
      });
      s.row.state = 'LAPSED';
    }
  }
  // DEEMED_NOT_FILED ×1
  {
    const c = submitted('SIMPLIFIED', 70);
    const s = c.supplement(D(66), D(52), reviewer(c), '请补充提交参与集中的经营者的营业额计算说明。');
    Object.assign(s.clock, { state: 'LAPSED', ended_on: D(50) });
    s.row.state = 'LAPSED';
    const doc = c.generate('NOT_FILED_NOTICE', D(48), lead(c), { dueOn: s.clock.due_on });
    c.transition('deemNotFiled', D(48), 'DEEMED_NOT_FILED', lead(c), {
      reason: '补充材料期限届满，申报人未补充提交。',
      documentIds: [doc],
      detail: { supplementId: s.row.id },
    });
  }
  // RETURNED ×1
  {
    const c = submitted('SIMPLIFIED', 45);
    const doc = c.generate('RETURN_NOTICE', D(38), lead(c), {
      reason: '相关市场合计份额超过15%，不符合简易案件标准。',
    });
    c.transition('returnFiling', D(38), 'RETURNED', lead(c), {
      reason: '不符合简易案件标准。',
      documentIds: [doc],
    });
  }
  // PHASE_I ×8: simplified ones with live or closed notices, normal ones
  for (const days of [1, 3, 5, 8, 14]) {
    const { c, notice } = accepted('SIMPLIFIED', days, days === 5);
    c.settleNotice(notice, today);
    if (days === 3 && notice) {
      rows.push('filing.comment', {
        id: r.id(),
        publication_id: notice.ref_id,
        case_id: c.id,
        anonymous: false,
        name: '周先生',
        organisation: '某行业协会',
        contact: 'zhou@association.example.cn',
        text: '建议关注交易对下游中小客户供应稳定性的影响。',
        triage: 'NEW',
        created_at: c.at(D(1)),
      });
      rows.push('filing.comment', {
        id: r.id(),
        publication_id: notice.ref_id,
        case_id: c.id,
        anonymous: true,
        contact: null,
        text: '该交易可能影响区域市场价格。',
        triage: 'NEW',
        created_at: c.at(D(0)),
      });
    }
  }
  for (const days of [4, 12, 25]) accepted('NORMAL', days);
  // PHASE_II ×4 (one extended)
  for (const [acc, fr, ext] of [
    [60, 35, 0],
    [75, 45, 0],
    [95, 62, 0],
    [120, 92, 30],
  ] as const) {
    const { c, p1 } = accepted('NORMAL', acc);
    const p2 = c.furtherReview(D(fr), lead(c), p1);
    if (ext) c.extend(D(10), lead(c), p2, ext);
  }
  // SUSPENDED ×2
  for (const [acc, fr, stop] of [
    [70, 45, 12],
    [100, 75, 30],
  ] as const) {
    const { c, p1 } = accepted('NORMAL', acc);
    const p2 = c.furtherReview(D(fr), lead(c), p1);
    c.stop(D(stop), lead(c), p2);
  }
  // WITHDRAWAL_PENDING ×1 (from Phase I)
  {
    const { c, notice } = accepted('SIMPLIFIED', 12);
    c.settleNotice(notice, today);
    c.withdraw(D(2), null, lead(c), false);
  }
  // WITHDRAWN ×1
  {
    const { c } = accepted('SIMPLIFIED', 80);
    c.withdraw(D(72), D(65), lead(c), true);
  }
  // CLEARED ×9 (Phase I, simplified and normal; one normal via Phase II), most published in a batch
  const clearedForBatch: DemoCase[] = [];
  for (const [acc, decide, proc] of [
    [40, 22, 'SIMPLIFIED'],
    [45, 28, 'SIMPLIFIED'],
    [55, 35, 'SIMPLIFIED'],
    [60, 41, 'SIMPLIFIED'],
    [70, 50, 'NORMAL'],
    [90, 70, 'SIMPLIFIED'],
    [110, 88, 'SIMPLIFIED'],
    [30, 12, 'SIMPLIFIED'],
  ] as const) {
    const { c, p1, notice } = accepted(proc, acc, acc === 55);
    c.closeNotice(notice, D(decide));
    c.clearPhaseI(D(decide), lead(c), p1);
    if (decide > 20) clearedForBatch.push(c);
  }
  {
    const { c, p1 } = accepted('NORMAL', 200);
    const p2 = c.furtherReview(D(175), lead(c), p1);
    c.decide(D(110), lead(c), p2, 'CLEARED');
    clearedForBatch.push(c);
  }
  // CLEARED_WITH_CONDITIONS ×2 and PROHIBITED ×1, published in full
  const decisions: { c: DemoCase; decidedOn: PlainDate; conditions: string | null; term: string | null }[] =
    [];
  for (const [acc, fr, decide, kind] of [
    [220, 195, 120, 'CLEARED_WITH_CONDITIONS'],
    [180, 155, 70, 'CLEARED_WITH_CONDITIONS'],
    [260, 235, 150, 'PROHIBITED'],
  ] as const) {
    const { c, p1 } = accepted('NORMAL', acc);
    const p2 = c.furtherReview(D(fr), lead(c), p1);
    const conditions =
      kind === 'PROHIBITED' ? null : '剥离目标公司在华东地区的全部相关业务；集中后五年内不得搭售。';
    const term = kind === 'PROHIBITED' ? null : '自决定生效之日起五年';
    c.decide(D(decide), lead(c), p2, kind, conditions ?? undefined, term ?? undefined);
    decisions.push({ c, decidedOn: D(decide), conditions, term });
  }
  // DEEMED_CLEARED ×1 (Phase I ran out)
  {
    const { c, p1, notice } = accepted('NORMAL', 50);
    c.settleNotice(notice, today);
    c.deemCleared(addDays(p1.due_on as string, 1), p1);
  }

  for (const c of cases) c.finish();

  // A clearance batch of the decided demo cases and the full-text decisions.
  const batchId = r.id();
  const batchDay = D(3);
  rows.push('filing.publication_batch', {
    id: batchId,
    title: `市场监管总局无条件批准经营者集中案件列表（演示批次，截至${batchDay}）`,
    published_on: batchDay,
    created_by: people.publisher.accountId,
    created_at: new Date(chinaMidnight(batchDay).getTime() + 10 * 3600_000).toISOString(),
  });
  const caseRows = rows.tables['filing.case'];
  clearedForBatch.forEach((c, k) => {
    const row = caseRows.find((x) => x.id === c.id)!;
    rows.push('filing.publication', {
      id: r.id(),
      kind: 'CLEARANCE',
      case_id: c.id,
      batch_id: batchId,
      seq: k + 1,
      title: c.title,
      parties: c.parties.map((p) => p.name).join('、'),
      procedure: c.procedure,
      transaction_mode: row.transaction_mode,
      industries: row.industries,
      decided_on: row.decided_on,
      variations: [],
      allow_anonymous: true,
      published_by: people.publisher.accountId,
      published_at: new Date(chinaMidnight(batchDay).getTime() + 10 * 3600_000).toISOString(),
    });
  });
  for (const d of decisions) {
    const row = caseRows.find((x) => x.id === d.c.id)!;
    const doc = rows.tables['filing.document'].find(
      (x) => x.case_id === d.c.id && (x.kind === 'CONDITIONAL_DECISION' || x.kind === 'PROHIBITION_DECISION'),
    )!;
    const content = rows.tables['filing.stored_content'].find((x) => x.id === doc.attachment_id)!;
    rows.push('filing.publication', {
      id: r.id(),
      kind: row.state === 'PROHIBITED' ? 'PROHIBITION' : 'CONDITIONAL',
      case_id: d.c.id,
      title: d.c.title,
      parties: d.c.parties.map((p) => p.name).join('、'),
      procedure: 'NORMAL',
      transaction_mode: row.transaction_mode,
      industries: row.industries,
      decided_on: d.decidedOn,
      full_text: Buffer.from((content.content as string).slice(2), 'hex').toString('utf8'),
      conditions: d.conditions,
      condition_term: d.term,
      variations: [],
      allow_anonymous: true,
      published_by: people.publisher.accountId,
      published_at: new Date(chinaMidnight(addDays(d.decidedOn, 2)).getTime() + 10 * 3600_000).toISOString(),
    });
  }

  const byState: Partial<Record<CaseState, number>> = {};
  for (const c of cases) byState[c.state] = (byState[c.state] ?? 0) + 1;
  return { rows, summary: { cases: cases.length, byState } };
}
