/**
 * Filing documents on the file store (server/modules/filing/documents/file-store.ts), over HTTP on the seeded
 * demo: a filer attaches a file it uploaded (SHA-256, size and type come from the attachment), opens it
 * (the same bytes), cannot attach another tenant's file or a forged hash, and cannot delete the file while
 * the filing points at it; a notice the authority generates is an attachment of the authority's space,
 * opened by the filer (first-opened time set); the demo's older stored_content notices stay readable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { demoTokens } from '../support/demo-sign-in.ts';
import { makePdf } from '../support/file-fixtures.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('filing documents on the file store (%s)', (kind) => {
  let t: TestServer;
  const tokenOf = demoTokens(() => t);
  const as = async (account: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(t, method, path, { token: await tokenOf(account), body });

  async function upload(account: string, name: string, content: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)]), name);
    const res = await fetch(`${t.api}/fldFile/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(account)}` },
      body: form,
    });
    const body = (await res.json()) as { state: number; data: { id: string; sha256: string } };
    expect(body.state).toBe(200);
    return body.data;
  }

  const tenantOf = async (account: string) =>
    (
      await t.server.database.db
        .selectFrom('platform.tenant_member as m')
        .innerJoin('platform.account as a', 'a.id', 'm.account_id')
        .select('m.tenant_id')
        .where('a.account', '=', account)
        .executeTakeFirstOrThrow()
    ).tenant_id;

  beforeAll(async () => {
    t = await startTestServer(kind, { seedFilingDemo: true }, { filingWorkers: false });
  });
  afterAll(async () => t?.close());

  it('attaches an uploaded file, opens it, refuses another tenant’s file and a deletion while attached', async () => {
    const pdf = makePdf(1, 'Notification form');
    const file = await upload('zhangwei', '申报书.pdf', pdf);
    const tenantId = await tenantOf('zhangwei');
    const created = await as('zhangwei', 'POST', '/filing/case/create', { title: '文件库测试案' });
    const caseId = created.body.data.id as string;

    const attached = await as('zhangwei', 'POST', `/filing/document/attach?caseId=${caseId}`, {
      kind: 'NOTIFICATION_FORM',
      title: '申报书',
      file: { tenantId, attachmentId: file.id, sha256: file.sha256 },
    });
    expect(attached.body.state, attached.body.message).toBe(200);
    const documentId = attached.body.data.id as string;
    const row = await t.server.database.db
      .selectFrom('filing.document')
      .select(['size', 'mime', 'file_name', 'sha256'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(Number(row.size)).toBe(pdf.length);
    expect(row.mime).toBe('application/pdf');
    expect(row.file_name).toBe('申报书.pdf');

    const opened = await as('zhangwei', 'GET', `/filing/document/open?documentId=${documentId}`);
    expect(opened.body.state).toBe(200);
    expect(Buffer.from(opened.body.data.content as string, 'base64').equals(pdf)).toBe(true);

    // A forged hash, another tenant's attachment (named as ours or as theirs): nothing attached.
    const forged = await as('zhangwei', 'POST', `/filing/document/attach?caseId=${caseId}`, {
      kind: 'AGREEMENT',
      title: '集中协议',
      file: { tenantId, attachmentId: file.id, sha256: 'a'.repeat(64) },
    });
    expect(forged.body.state).not.toBe(200);
    const theirs = await upload('chengang', 'agreement.pdf', makePdf(2, 'Other tenant'));
    const otherTenant = await tenantOf('chengang');
    for (const ref of [
      { tenantId, attachmentId: theirs.id, sha256: theirs.sha256 },
      { tenantId: otherTenant, attachmentId: theirs.id, sha256: theirs.sha256 },
    ]) {
      const res = await as('zhangwei', 'POST', `/filing/document/attach?caseId=${caseId}`, {
        kind: 'AGREEMENT',
        title: '集中协议',
        file: ref,
      });
      expect(res.body.state, JSON.stringify(ref)).not.toBe(200);
    }
    // A colleague's upload the caller may not read (not its uploader, no file:read): refused, as any
    // file named in a filing call (server/modules/files/read-access.ts).
    for (const body of [
      { kind: 'AGREEMENT', title: '集中协议', attachmentId: file.id },
      {
        kind: 'AGREEMENT',
        title: '集中协议',
        file: { tenantId, attachmentId: file.id, sha256: file.sha256 },
      },
    ]) {
      const colleague = await as('liuna', 'POST', `/filing/document/attach?caseId=${caseId}`, body);
      expect(colleague.body.state, colleague.body.message).toBe(6010104);
    }
    const docs = await t.server.database.db
      .selectFrom('filing.document')
      .select('id')
      .where('case_id', '=', caseId)
      .where('removed_at', 'is', null)
      .execute();
    expect(docs).toHaveLength(1);

    // A confidential document and its public version, both attached by attachment id (as the screen does).
    const secret = await upload('zhangwei', '竞争影响说明（保密）.pdf', makePdf(1, 'confidential'));
    const open = await upload('zhangwei', '竞争影响说明（公开）.pdf', makePdf(1, 'public'));
    const confidential = await as('zhangwei', 'POST', `/filing/document/attach?caseId=${caseId}`, {
      kind: 'COMPETITION_STATEMENT',
      title: '竞争影响说明',
      confidential: true,
      attachmentId: secret.id,
    });
    expect(confidential.body.state, confidential.body.message).toBe(200);
    const publicHalf = await as('zhangwei', 'POST', `/filing/document/attach?caseId=${caseId}`, {
      kind: 'COMPETITION_STATEMENT',
      title: '竞争影响说明（公开版本）',
      attachmentId: open.id,
      publicVersionOf: confidential.body.data.id,
    });
    expect(publicHalf.body.state, publicHalf.body.message).toBe(200);
    await as('zhangwei', 'POST', `/filing/document/remove?documentId=${publicHalf.body.data.id}`);
    await as('zhangwei', 'POST', `/filing/document/remove?documentId=${confidential.body.data.id}`);

    // The file store refuses deleting the attached file; once the document is removed it may go.
    const refused = await as('zhangwei', 'POST', `/fldFile/attachment/remove?attachmentId=${file.id}`);
    expect(refused.body.state).not.toBe(200);
    expect(refused.body.message).toContain('申报书');
    expect((await as('zhangwei', 'GET', `/filing/document/open?documentId=${documentId}`)).body.state).toBe(
      200,
    );
    await as('zhangwei', 'POST', `/filing/document/remove?documentId=${documentId}`);
    const removed = await as('zhangwei', 'POST', `/fldFile/attachment/remove?attachmentId=${file.id}`);
    expect(removed.body.state).toBe(200);
  });

  it('writes a generated notice as a file of the authority; the filer opens it and its first opening is kept', async () => {
    const list = await as('wangjun', 'POST', '/filing/worklist', { list: 'awaitingCheck' });
    const rows = (list.body.data.rows ?? list.body.data.items ?? list.body.data.dataResult) as {
      id: string;
    }[];
    const caseId = rows[0].id;
    const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const asked = await as('wangjun', 'POST', `/filing/case/requestSupplement?caseId=${caseId}`, {
      items: '请补交经审计的财务报表',
      dueOn: due,
    });
    expect(asked.body.state, asked.body.message).toBe(200);
    const db = t.server.database.db;
    const notice = await db
      .selectFrom('filing.document')
      .select(['id', 'file_tenant_id', 'attachment_id', 'sha256'])
      .where('case_id', '=', caseId)
      .where('kind', '=', 'SUPPLEMENT_NOTICE')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const authority = await db
      .selectFrom('platform.tenant')
      .select(['id', 'schema_name'])
      .where('kind', '=', 'authority')
      .executeTakeFirstOrThrow();
    expect(notice.file_tenant_id).toBe(authority.id);
    const attachment = await db
      .withSchema(authority.schema_name)
      .selectFrom('attachment')
      .select(['sha256', 'ext'])
      .where('id', '=', notice.attachment_id)
      .executeTakeFirstOrThrow();
    expect(attachment).toEqual({ sha256: notice.sha256, ext: 'html' });

    // The owner of the case opens it: the HTML comes back and the served row records the first opening.
    const owner = await db
      .selectFrom('filing.case as c')
      .innerJoin('platform.tenant_member as m', 'm.tenant_id', 'c.owner_tenant_id')
      .innerJoin('platform.account as a', 'a.id', 'm.account_id')
      .select('a.account')
      .where('c.id', '=', caseId)
      .where('m.is_admin', '=', true)
      .executeTakeFirstOrThrow();
    const opened = await as(owner.account, 'GET', `/filing/document/open?documentId=${notice.id}`);
    expect(opened.body.state, opened.body.message).toBe(200);
    expect(Buffer.from(opened.body.data.content as string, 'base64').toString('utf8')).toContain(
      '请补交经审计的财务报表',
    );
    const served = await db
      .selectFrom('filing.served_document')
      .select('first_opened_at')
      .where('document_id', '=', notice.id)
      .where('first_opened_at', 'is not', null)
      .execute();
    expect(served.length).toBeGreaterThan(0);
  });

  it("attaches the authority's own files to its transition; the filer opens them; another tenant's file is refused", async () => {
    const list = await as('wangjun', 'POST', '/filing/worklist', { list: 'awaitingCheck', size: 100 });
    const row = (list.body.data.rows as { id: string; procedure: string }[]).find(
      (r) => r.procedure === 'SIMPLIFIED',
    )!;
    const pdf = makePdf(1, 'Return opinion');
    const ours = await upload('wangjun', '退回审查意见.pdf', pdf);
    const theirs = await upload('zhangwei', '申报人文件.pdf', makePdf(1, 'Filer file'));
    const db = t.server.database.db;
    const attachedCount = async () =>
      (
        await db
          .selectFrom('filing.document')
          .select('id')
          .where('case_id', '=', row.id)
          .where('kind', '=', 'REVIEW_ATTACHMENT')
          .execute()
      ).length;

    // A file of another tenant's space is not the authority's: refused, nothing attached or moved.
    const refused = await as('wangjun', 'POST', `/filing/case/return?caseId=${row.id}`, {
      reason: '相关市场合计份额超过15%。',
      attachmentIds: [theirs.id],
    });
    expect(refused.body.state).not.toBe(200);
    expect(refused.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await attachedCount()).toBe(0);
    expect((await as('wangjun', 'GET', `/filing/case/get?caseId=${row.id}`)).body.data.case.state).toBe(
      'SUBMITTED',
    );

    const returned = await as('wangjun', 'POST', `/filing/case/return?caseId=${row.id}`, {
      reason: '相关市场合计份额超过15%。',
      attachmentIds: [ours.id],
    });
    expect(returned.body.state, returned.body.message).toBe(200);
    const authority = await tenantOf('wangjun');
    const doc = await db
      .selectFrom('filing.document')
      .select(['id', 'file_tenant_id', 'sha256', 'confidential', 'title'])
      .where('case_id', '=', row.id)
      .where('kind', '=', 'REVIEW_ATTACHMENT')
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({
      file_tenant_id: authority,
      sha256: ours.sha256,
      confidential: false,
      title: '退回审查意见',
    });
    const transition = await db
      .selectFrom('filing.transition')
      .select(['document_ids', 'reason'])
      .where('case_id', '=', row.id)
      .where('action', '=', 'returnFiling')
      .executeTakeFirstOrThrow();
    expect(transition.document_ids).toContain(doc.id);

    // The filer (the case's owner) opens the authority's file: the same bytes.
    const owner = await db
      .selectFrom('filing.case as c')
      .innerJoin('platform.tenant_member as m', 'm.tenant_id', 'c.owner_tenant_id')
      .innerJoin('platform.account as a', 'a.id', 'm.account_id')
      .select('a.account')
      .where('c.id', '=', row.id)
      .where('m.is_admin', '=', true)
      .executeTakeFirstOrThrow();
    const opened = await as(owner.account, 'GET', `/filing/document/open?documentId=${doc.id}`);
    expect(opened.body.state, opened.body.message).toBe(200);
    expect(Buffer.from(opened.body.data.content as string, 'base64').equals(pdf)).toBe(true);
    // The authority's file stays while the case points at it.
    const removal = await as('wangjun', 'POST', `/fldFile/attachment/remove?attachmentId=${ours.id}`);
    expect(removal.body.state).not.toBe(200);
  });

  it('takes a simplified filing through the calls the filer screens make: check names what is missing, then submit', async () => {
    const created = await as('zhangwei', 'POST', '/filing/case/create', {
      title: '甲科技收购乙公司股权案',
      procedure: 'SIMPLIFIED',
    });
    const caseId = created.body.data.id as string;
    const section = async (name: string) =>
      (
        await as('zhangwei', 'POST', '/filing/case/section', {
          parameters: [
            { key: 'caseId', value: caseId },
            { key: 'section', value: name },
          ],
          requestPage: { pageNo: 1, limit: 50 },
        })
      ).body.data as { dataResult: Record<string, unknown>[]; pageResult: { totalCount: number } };
    // The list screen of 我的申报 reads a page, filtered by state.
    const mine = await as('zhangwei', 'POST', '/filing/case/mine', {
      parameters: [{ key: 'state', value: 'DRAFT' }],
      requestPage: { pageNo: 1, limit: 10 },
    });
    expect(mine.body.data.dataResult.some((r: { id: string }) => r.id === caseId)).toBe(true);

    const firstCheck = await section('check');
    const names = firstCheck.dataResult.filter((r) => !r.complete).map((r) => r.sectionName);
    expect(names).toEqual(expect.arrayContaining(['案件基本信息', '参与集中的经营者', '申报文件']));
    expect(String(firstCheck.dataResult.find((r) => r.section === 'documents')!.problems)).toContain(
      '缺少文件：申报书',
    );

    const ok = (res: { body: { state: number; message: string } }) =>
      expect(res.body.state, res.body.message).toBe(200);
    ok(
      await as('zhangwei', 'POST', `/filing/case/update?caseId=${caseId}`, {
        basis: 'THRESHOLD_MET',
        referenceYear: 2025,
        industries: ['C39'],
        rationale: '拓展海外业务',
        transactionMode: 'EQUITY_ACQUISITION',
        signingDate: '2026-03-02',
        plannedClosingDate: '2026-09-30',
        foreignTargetNoChinaActivity: true,
        simplifiedReasons: [5],
      }),
    );
    const parties = [
      {
        role: 'ACQUIRER',
        nameZh: '甲科技有限公司',
        registeredPlace: '中国北京市',
        uscc: '91110108MA01ABCD1E',
      },
      { role: 'TARGET', nameZh: '乙公司', registeredPlace: '美国特拉华州' },
    ];
    for (const p of parties) {
      const added = await as('zhangwei', 'POST', `/filing/party/add?caseId=${caseId}`, {
        ...p,
        mainBusiness: '电子设备制造',
        ultimateController: '张三',
      });
      ok(added);
      ok(
        await as('zhangwei', 'POST', `/filing/turnover/save?partyId=${added.body.data.id}`, {
          year: 2025,
          currency: 'CNY',
          worldwide: 5e9,
          china: 1e9,
          worldwideBand: [4.8e9, 5.2e9],
          chinaBand: [0.95e9, 1.04e9],
        }),
      );
      for (const kind of ['FINANCIAL_REPORT', 'IDENTITY']) {
        const f = await upload('zhangwei', `${kind}-${p.nameZh}.pdf`, makePdf(1, `${kind} ${p.role}`));
        ok(
          await as('zhangwei', 'POST', `/filing/document/attach?caseId=${caseId}`, {
            kind,
            title: kind,
            attachmentId: f.id,
            partyId: added.body.data.id,
          }),
        );
      }
    }
    // The party edit form loads one party by id (as `record`) and saves it with party.update.
    const target = (await section('parties')).dataResult.find((p) => p.role === 'TARGET')!;
    const one = await as('zhangwei', 'POST', '/filing/case/section', {
      parameters: [
        { key: 'caseId', value: caseId },
        { key: 'section', value: 'parties' },
        { key: 'id', value: target.id },
      ],
    });
    expect(one.body.data.record).toMatchObject({ id: target.id, nameZh: '乙公司' });
    expect(one.body.data.pageResult.totalCount).toBe(1);
    ok(
      await as('zhangwei', 'POST', `/filing/party/update?partyId=${String(target.id)}`, {
        role: 'TARGET',
        nameZh: '乙公司',
        registeredPlace: '美国特拉华州',
        mainBusiness: '半导体设备',
        ultimateController: '李四',
      }),
    );
    expect((await section('parties')).dataResult.find((p) => p.id === target.id)).toMatchObject({
      ultimateController: '李四',
    });
    ok(
      await as('zhangwei', 'POST', `/filing/noticeForm/save?caseId=${caseId}`, {
        title: '甲科技收购乙公司股权案',
        summary: '甲科技拟收购乙公司全部股权。',
        introsText: '甲科技有限公司：电子设备制造商。\n乙公司：美国企业，不在中国境内从事经济活动。',
        reasons: [5],
      }),
    );
    const loaded = await as('zhangwei', 'GET', `/filing/case/get?caseId=${caseId}`);
    expect(loaded.body.data.noticeForm.introsText).toContain('乙公司：美国企业');

    // Still missing: the case documents, named one by one.
    const before = await section('check');
    const documents = before.dataResult.find((r) => r.section === 'documents')!;
    expect(documents.complete).toBe(false);
    expect(String(documents.problems)).toContain('缺少文件：竞争影响说明');
    const refused = await as('zhangwei', 'POST', `/filing/case/submit?caseId=${caseId}`);
    expect(refused.body.state).not.toBe(200);
    expect(refused.body.message).toContain('申报文件');

    for (const kind of [
      'NOTIFICATION_FORM',
      'COMPETITION_STATEMENT',
      'AGREEMENT',
      'UNDERTAKING',
      'NOTICE_FORM',
    ]) {
      const f = await upload('zhangwei', `${kind}.pdf`, makePdf(1, kind));
      ok(
        await as('zhangwei', 'POST', `/filing/document/attach?caseId=${caseId}`, {
          kind,
          title: kind,
          attachmentId: f.id,
        }),
      );
    }
    const after = await section('check');
    expect(after.dataResult.filter((r) => !r.complete)).toEqual([]);
    ok(await as('zhangwei', 'POST', `/filing/case/submit?caseId=${caseId}`));
    const submitted = await as('zhangwei', 'GET', `/filing/case/get?caseId=${caseId}`);
    expect(submitted.body.data.case.state).toBe('SUBMITTED');
    expect(submitted.body.data.case.caseNo).toMatch(/^JZSB\d{4}-\d{4}$/);
    // The office lists: in review now, no longer among the drafts.
    const office = async (states: string) =>
      (
        (
          await as('zhangwei', 'POST', '/filing/case/mine', {
            parameters: [{ key: 'states', value: states }],
            requestPage: { pageNo: 1, limit: 100 },
          })
        ).body.data.dataResult as { id: string }[]
      ).map((r) => r.id);
    expect(await office('SUBMITTED,PHASE_I,PHASE_II,SUSPENDED,WITHDRAWAL_PENDING')).toContain(caseId);
    expect(await office('DRAFT')).not.toContain(caseId);
    const unknownState = await as('zhangwei', 'POST', '/filing/case/mine', {
      parameters: [{ key: 'states', value: 'DRAFT,NOPE' }],
    });
    expect(unknownState.body.state).not.toBe(200);
    const members = await section('members');
    // The members tab's 加入时间 column: when each tenant was invited or joined.
    expect(members.dataResult[0]).toMatchObject({
      role: 'FILER',
      tenantName: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('still opens the notices the demo stored before the file store (filing.stored_content)', async () => {
    const db = t.server.database.db;
    const legacy = await db
      .selectFrom('filing.document as d')
      .innerJoin('filing.stored_content as s', 's.id', 'd.attachment_id')
      .innerJoin('filing.case as c', 'c.id', 'd.case_id')
      .innerJoin('platform.tenant_member as m', 'm.tenant_id', 'c.owner_tenant_id')
      .innerJoin('platform.account as a', 'a.id', 'm.account_id')
      .select(['d.id', 's.content', 'a.account'])
      .where('m.is_admin', '=', true)
      .executeTakeFirstOrThrow();
    const opened = await as(legacy.account, 'GET', `/filing/document/open?documentId=${legacy.id}`);
    expect(opened.body.state).toBe(200);
    expect(
      Buffer.from(opened.body.data.content as string, 'base64').equals(Buffer.from(legacy.content)),
    ).toBe(true);
  });
});
