/**
 * Who sees and does what on a filing, on both databases: a co-party never reads another party's
 * confidential data, an agent acts only by a 授权委托书 and for its principal, a stranger learns nothing,
 * the authority's reads of confidential documents are audited, and a filer can never accept or decide.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';
import {
  fillFiling,
  makeActor,
  makeTenant,
  makeWorld,
  testContext,
  TestClock,
  upload,
  type World,
} from './filing-support.ts';
import type { FilingContext } from '../../server/modules/filing/service/context.ts';
import * as T from '../../server/modules/filing/service/transitions.ts';
import { getCase, listMyCases, updateCase } from '../../server/modules/filing/service/cases.ts';
import { openDocument, removeDocument } from '../../server/modules/filing/service/documents.ts';
import { addParty, saveShare, saveTurnover, updateParty } from '../../server/modules/filing/service/parts.ts';
import {
  authoriseAgent,
  inviteCoParty,
  revokeMembership,
} from '../../server/modules/filing/service/members.ts';
import { worklist } from '../../server/modules/filing/service/worklists.ts';
import { FilingError } from '../../server/modules/filing/actor.ts';
import { withCheckCharacter } from '../../server/modules/filing/uscc.ts';
import { Code } from '../../server/http/codes.ts';

async function refused(p: Promise<unknown>, reason: string, code?: number) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected refusal ${reason}`).toBeInstanceOf(FilingError);
  expect((err as FilingError).reason).toBe(reason);
  if (code !== undefined) expect((err as FilingError).code).toBe(code);
}

describe.each(dbKindsOf(import.meta.url))('filing access on %s', (kind) => {
  let t: TestServer;
  let w: World;
  let ctx: FilingContext;
  const clock = new TestClock('2026-03-02');
  let caseId: string;
  let marketId: string;
  let filerSecret: string;
  let coPartySecret: string;
  let coPartyParty: string;
  beforeAll(async () => {
    t = await startTestServer(kind, { seedDemo: false }, { filingWorkers: false });
    w = await makeWorld(t.server.database.db);
    ctx = testContext(t.server.database.db, clock);
    ({ caseId, marketId } = await fillFiling(ctx, w.filer, { procedure: 'NORMAL', documents: false }));
    filerSecret = await upload(ctx, w.filer, caseId, 'COMPETITION_STATEMENT', {
      confidential: true,
      title: '竞争影响说明（保密版）',
    });
    await upload(ctx, w.filer, caseId, 'COMPETITION_STATEMENT', {
      publicVersionOf: filerSecret,
      title: '竞争影响说明（公开版）',
    });
  });
  afterAll(async () => t?.close());

  it('lets a stranger learn nothing, not even that the case exists', async () => {
    await refused(getCase(ctx, w.stranger, caseId), 'notFound', Code.NOT_FOUND);
    expect((await listMyCases(ctx, w.stranger)).total).toBe(0);
    await refused(openDocument(ctx, w.stranger, filerSecret), 'notFound');
  });

  it('keeps each party’s confidential data from the other party', async () => {
    await inviteCoParty(ctx, w.filer, caseId, w.coPartyTenant);
    ({ id: coPartyParty } = await addParty(ctx, w.coParty, caseId, {
      role: 'MERGING',
      nameZh: '江南建材股份有限公司',
      registeredPlace: '中国浙江杭州',
      mainBusiness: '建材',
      ultimateController: '浙江省国资委',
      uscc: withCheckCharacter('91330100MA2H4K8C5'),
    }));
    await saveTurnover(ctx, w.coParty, coPartyParty, {
      year: 2025,
      worldwide: 3_000_000_000,
      china: 2_900_000_000,
      worldwideBand: [2_900_000_000, 3_100_000_000],
      chinaBand: [2_800_000_000, 3_000_000_000],
    });
    await saveShare(ctx, w.coParty, marketId, {
      partyId: coPartyParty,
      year: 2025,
      share: 3.3,
      bandLow: 0,
      bandHigh: 5,
    });
    coPartySecret = await upload(ctx, w.coParty, caseId, 'FINANCIAL_REPORT', {
      partyId: coPartyParty,
      confidential: true,
    });

    const asCoParty = await getCase(ctx, w.coParty, caseId);
    expect(asCoParty.actions).toEqual([]);
    expect((await getCase(ctx, w.filer, caseId)).actions).toEqual(['submit']);
    expect(asCoParty.documents.map((d) => d.id)).not.toContain(filerSecret);
    expect(asCoParty.documents.map((d) => d.id)).toContain(coPartySecret);
    expect(asCoParty.documents.find((d) => d.title === '竞争影响说明（公开版）')).toBeTruthy();
    await refused(openDocument(ctx, w.coParty, filerSecret), 'notFound');
    const theirTurnover = asCoParty.turnovers.find((x) => x.partyId !== coPartyParty)!;
    expect(theirTurnover).toMatchObject({ worldwide: null, china: null, confidentialHidden: true });
    expect(theirTurnover.chinaBandLow).toBeGreaterThan(0); // public bands stay visible
    const shares = (asCoParty.markets[0].shares as { partyId: string | null; share: number | null }[]).filter(
      (s) => s.partyId !== coPartyParty,
    );
    expect(shares.every((s) => s.share === null)).toBe(true);

    const asFiler = await getCase(ctx, w.filer, caseId);
    expect(asFiler.documents.map((d) => d.id)).not.toContain(coPartySecret);
    await refused(openDocument(ctx, w.filer, coPartySecret), 'notFound');
    expect(asFiler.turnovers.find((x) => x.partyId === coPartyParty)).toMatchObject({
      worldwide: null,
      confidentialHidden: true,
    });
    expect((await openDocument(ctx, w.coParty, coPartySecret)).content).not.toBeNull();
  });

  it('lets a co-party change only its own data and never the case or the submission', async () => {
    const view = await getCase(ctx, w.coParty, caseId);
    const party = view.parties.find((p) => p.id !== coPartyParty)!;
    // The view offers what the calls below take, and nothing they refuse.
    expect(view.viewer).toMatchObject({ mayEdit: true, mayAttach: true, ownerSide: false });
    expect(party.mayChange).toBe(false);
    expect(view.parties.find((p) => p.id === coPartyParty)!.mayChange).toBe(true);
    expect(view.documents.find((d) => d.id === coPartySecret)).toMatchObject({
      mayChange: true,
      mayAttachTo: true,
    });
    expect(view.documents.filter((d) => d.id !== coPartySecret).every((d) => d.mayChange === false)).toBe(
      true,
    );
    expect(view.markets.every((m) => m.mayChange === false && m.mayAddShare === true)).toBe(true);
    expect((await getCase(ctx, w.filer, caseId)).parties.find((p) => p.id !== coPartyParty)!.mayChange).toBe(
      true,
    );
    await refused(
      updateParty(ctx, w.coParty, party.id as string, { mainBusiness: '改写' }),
      'notYourData',
      Code.NO_PERMISSION,
    );
    await refused(updateCase(ctx, w.coParty, caseId, { title: '改名' }), 'ownerOnly');
    await refused(T.submit(ctx, w.coParty, caseId), 'ownerOnly');
    await refused(removeDocument(ctx, w.coParty, filerSecret), 'notYourData');
    await updateParty(ctx, w.coParty, coPartyParty, { mainBusiness: '新型建材的研发、生产和销售' });
  });

  it('admits an agent only with a power of attorney, acting for its principal', async () => {
    await refused(getCase(ctx, w.agent, caseId), 'notFound');
    const notPoa = await upload(ctx, w.filer, caseId, 'OTHER');
    await refused(
      authoriseAgent(ctx, w.filer, caseId, { tenantId: w.lawFirm, poaDocumentId: notPoa }),
      'powerOfAttorneyRequired',
    );
    const poa = await upload(ctx, w.filer, caseId, 'POWER_OF_ATTORNEY', { title: '授权委托书' });
    // A co-party cannot appoint an agent with the filer's power of attorney.
    await refused(
      authoriseAgent(ctx, w.coParty, caseId, { tenantId: w.lawFirm, poaDocumentId: poa }),
      'powerOfAttorneyRequired',
    );
    const { id: membership } = await authoriseAgent(ctx, w.filer, caseId, {
      tenantId: w.lawFirm,
      poaDocumentId: poa,
    });
    const asAgent = await getCase(ctx, w.agent, caseId);
    expect(asAgent.viewer).toMatchObject({
      role: 'AGENT',
      ownerSide: true,
      principalTenantId: w.filerTenant,
    });
    expect(asAgent.documents.map((d) => d.id)).toContain(filerSecret); // the principal's own confidential data
    expect(asAgent.documents.map((d) => d.id)).not.toContain(coPartySecret);
    // The agent uploads from its own store; the document is its principal's.
    const byAgent = await upload(ctx, w.agent, caseId, 'AGREEMENT', { title: '股权转让协议' });
    const row = await t.server.database.db
      .selectFrom('filing.document')
      .select(['contributed_by_tenant_id', 'file_tenant_id'])
      .where('id', '=', byAgent)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ contributed_by_tenant_id: w.filerTenant, file_tenant_id: w.lawFirm });
    // …but cannot point at another tenant's file.
    const foreign = await ctx.store.put({
      tenantId: w.strangerTenant,
      name: 'x.pdf',
      mime: 'application/pdf',
      content: new Uint8Array([1, 2, 3]),
    });
    await refused(T.submit(ctx, w.agent, caseId), 'incomplete'); // the agent may submit; this filing is not complete yet
    const { attachDocument } = await import('../../server/modules/filing/service/documents.ts');
    await refused(
      attachDocument(ctx, w.agent, caseId, {
        kind: 'OTHER',
        title: 'x',
        file: { tenantId: foreign.tenantId, attachmentId: foreign.attachmentId, sha256: foreign.sha256 },
      }),
      'fileNotYours',
    );
    await refused(
      attachDocument(ctx, w.agent, caseId, {
        kind: 'OTHER',
        title: 'x',
        file: { tenantId: w.lawFirm, attachmentId: foreign.attachmentId, sha256: foreign.sha256 },
      }),
      'fileMissing',
    );
    // Nor at a file of its principal's store that the principal never put on the case (a private
    // message's attachment, another case's document): the agent's own uploads only.
    const principals = await ctx.store.put({
      tenantId: w.filerTenant,
      name: '内部备忘.pdf',
      mime: 'application/pdf',
      content: new Uint8Array([4, 5, 6]),
    });
    await refused(
      attachDocument(ctx, w.agent, caseId, {
        kind: 'OTHER',
        title: 'x',
        file: {
          tenantId: principals.tenantId,
          attachmentId: principals.attachmentId,
          sha256: principals.sha256,
        },
      }),
      'fileNotYours',
    );
    await refused(
      authoriseAgent(ctx, w.agent, caseId, { tenantId: w.strangerTenant, poaDocumentId: poa }),
      'agentCannotDelegate',
    );
    expect((await listMyCases(ctx, w.agent)).rows.map((r) => r.id)).toEqual([caseId]);
    // The co-party appoints an agent of its own: the filer's agent cannot end it; the filer can.
    const db = t.server.database.db;
    const otherFirm = await makeTenant(db, 'law_firm', '另一律师事务所');
    await makeActor(db, otherFirm, 'law_firm', 'filer', '周律师');
    const coPoa = await upload(ctx, w.coParty, caseId, 'POWER_OF_ATTORNEY', { title: '协同方授权委托书' });
    const { id: coAgent } = await authoriseAgent(ctx, w.coParty, caseId, {
      tenantId: otherFirm,
      poaDocumentId: coPoa,
    });
    await refused(revokeMembership(ctx, w.agent, coAgent), 'ownerOnly');
    await revokeMembership(ctx, w.filer, coAgent);
    await revokeMembership(ctx, w.filer, membership);
    await refused(getCase(ctx, w.agent, caseId), 'notFound');
  });

  it('never lets a filer accept or decide, and audits the authority’s reads of confidential documents', async () => {
    // Complete the filing and submit it.
    for (const k of ['NOTIFICATION_FORM', 'UNDERTAKING']) await upload(ctx, w.filer, caseId, k);
    const parties = (await getCase(ctx, w.filer, caseId)).parties.filter((p) => p.id !== coPartyParty);
    for (const p of parties) {
      await upload(ctx, w.filer, caseId, 'FINANCIAL_REPORT', { partyId: p.id as string, confidential: true });
      await upload(ctx, w.filer, caseId, 'IDENTITY', { partyId: p.id as string });
    }
    await upload(ctx, w.coParty, caseId, 'IDENTITY', { partyId: coPartyParty });
    await T.submit(ctx, w.filer, caseId);
    // Submitted: nothing is offered for change (the calls refuse it), documents may still be attached.
    const submitted = await getCase(ctx, w.filer, caseId);
    expect(submitted.viewer).toMatchObject({ mayEdit: false, mayAttach: true });
    expect([...submitted.parties, ...submitted.documents].some((r) => r.mayChange)).toBe(false);
    const ownDocument = submitted.documents.find((d) => !d.generated)!;
    await refused(removeDocument(ctx, w.filer, ownDocument.id as string), 'notEditable');
    expect((await getCase(ctx, w.lead, caseId)).viewer).toMatchObject({ mayEdit: false, mayAttach: false });

    const everything = new Set([
      'review:read',
      'review:accept',
      'review:decide',
      'review:clock',
      'review:check',
      'review:assign',
    ]);
    const rogue = { ...w.filer, permissions: new Set([...w.filer.permissions, ...everything]) };
    await refused(
      T.accept(ctx, rogue, caseId, { reason: '申报文件、资料完备，予以立案。' }),
      'denied',
      Code.NO_PERMISSION,
    );
    await refused(T.requestSupplement(ctx, rogue, caseId, { items: 'x', dueOn: '2026-03-20' }), 'denied');
    await refused(worklist(ctx, rogue, { list: 'awaitingCheck' }), 'denied');
    // …and an authority user cannot act as a filer.
    await refused(T.requestWithdrawal(ctx, w.lead, caseId, { reason: 'x' }), 'denied');

    const before = await t.server.database.db
      .selectFrom('filing.audit_log')
      .select('seq')
      .where('action', '=', 'document.readConfidential')
      .execute();
    const opened = await openDocument(ctx, w.reviewer, coPartySecret);
    expect(opened.document).toMatchObject({ confidential: true });
    const after = await t.server.database.db
      .selectFrom('filing.audit_log')
      .selectAll()
      .where('action', '=', 'document.readConfidential')
      .orderBy('seq', 'desc')
      .execute();
    expect(after.length).toBe(before.length + 1);
    expect(after[0]).toMatchObject({
      actor_account_id: w.reviewer.accountId,
      object_id: coPartySecret,
      case_id: caseId,
    });
  });
});
