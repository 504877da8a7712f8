/**
 * Tokens never in addresses or logs, and the refresh token out of reach of page scripts, on both databases:
 * - file addresses refuse `?access_token=` (translated 6020201) and the server log of downloads and
 *   previews holds neither token nor ticket (the logger's own output, read from its stream);
 * - a signed link (fldFile.link) works for its file and purpose only, for its minute, while its session
 *   lives, and grants nothing else; every refusal is a translated 4xx envelope;
 * - a browser's sign-in sets the refresh token as an HttpOnly, SameSite=Strict cookie on the refresh path
 *   (Secure over HTTPS) and never answers it in the body; a refresh works from the cookie alone and
 *   rotates it; sign-out clears it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../../server/auth/refresh-cookie.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { signTicket } from '../../server/files/tickets.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { GBK_BYTES, makePdf, makePng } from '../support/file-fixtures.ts';
import {
  attachmentRow,
  db,
  demoTenantId,
  grantRole,
  loginToken,
  makeAccount,
  makeTenant,
} from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

/** What a browser adds to a same-origin fetch, and no page script can take away. */
const BROWSER = { origin: 'http://127.0.0.1', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };

interface Envelope {
  state: number;
  message: string;
  data: any;
}

describe.each(dbKindsOf(import.meta.url))('signed file links and the refresh cookie on %s', (kind) => {
  let t: TestServer;
  const logLines: string[] = [];
  let tenantA: string;
  let tokenA: string;
  let tokenB: string;
  let memberA: { id: string; account: string; password: string };
  let pdfId: string;
  let pngId: string;
  let txtId: string;

  async function upload(token: string, name: string, content: Buffer, fileType?: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)]), name);
    const res = await fetch(`${t.api}/fldFile/upload${fileType ? `?fileType=${fileType}` : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as Envelope;
    if (body.state !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`);
    return body.data.id as string;
  }

  const link = (token: string, attachmentId: string, purpose: string, lang = 'zh-CN') =>
    call(t, 'POST', '/fldFile/link', {
      token,
      body: { attachmentId, purpose },
      headers: { 'accept-language': lang },
    });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.api}${path}`, { headers });

  async function ticketOf(token: string, attachmentId: string, purpose: string): Promise<string> {
    const r = await link(token, attachmentId, purpose);
    expect(r.body.state, JSON.stringify(r.body)).toBe(200);
    return r.body.data.ticket as string;
  }

  beforeAll(async () => {
    t = await startTestServer(
      kind,
      { rateLimitPerMinute: 10_000, trustProxy: true, logLevel: 'info' },
      { logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
    );
    tenantA = await demoTenantId(t);
    const tenantB = await makeTenant(t, `links_b_${kind}`);
    const a = await makeAccount(t, { account: `links_a_${kind}`, tenantId: tenantA, admin: true });
    const b = await makeAccount(t, { account: `links_b_${kind}`, tenantId: tenantB, admin: true });
    memberA = await makeAccount(t, { account: `links_m_${kind}`, tenantId: tenantA });
    // The file manager's right: memberA reads every file of the tenant (read-access.ts).
    const fileRead = await db(t)
      .selectFrom('platform.resource')
      .select(['id', 'system_id'])
      .where(sql<boolean>`'file:read' = any(permissions)`)
      .executeTakeFirstOrThrow();
    await grantRole(t, 't_demo', {
      systemId: fileRead.system_id,
      name: '文件管理',
      alias: `links_files_${kind}`,
      resourceIds: [fileRead.id],
      accountIds: [memberA.id],
    });
    tokenA = (await loginToken(t, a.account, a.password)).access_token;
    tokenB = (await loginToken(t, b.account, b.password)).access_token;
    pdfId = await upload(tokenA, '合同.pdf', makePdf(2, 'links'));
    pngId = await upload(tokenA, '照片.png', makePng(), 'images');
    txtId = await upload(tokenA, '说明.txt', GBK_BYTES);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an access token in the address on every file route, translated', async () => {
    for (const path of ['/fldFile/download', '/fldFile/preview', '/file/getImage']) {
      const id = path === '/file/getImage' ? pngId : pdfId;
      const res = await get(`${path}?attachmentId=${id}&access_token=${encodeURIComponent(tokenA)}`, {
        'accept-language': 'en',
      });
      expect(res.status, path).toBe(401);
      const body = (await res.json()) as Envelope;
      expect(body.state, path).toBe(6020201);
      expect(body.message, path).toMatch(/not accepted in the address/);
    }
    // The header alone still works: existing paths stay usable for header-authenticated calls.
    const header = await get(`/fldFile/preview?attachmentId=${pdfId}`, { authorization: `Bearer ${tokenA}` });
    expect(header.status).toBe(200);
    await header.arrayBuffer();
  });

  it('serves a file through its signed link, again within the minute and by ranges, and logs no token or ticket', async () => {
    logLines.length = 0;
    const r = await link(tokenA, pdfId, 'preview');
    expect(r.body.state).toBe(200);
    expect(r.body.data.expiresIn).toBe(60);
    const { url, ticket } = r.body.data as { url: string; ticket: string };
    expect(url).toBe(
      `${t.config.apiBase}/fldFile/preview?attachmentId=${pdfId}&ticket=${encodeURIComponent(ticket)}`,
    );
    expect(url).not.toContain(tokenA);
    const first = await fetch(`${t.baseUrl}${url}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(
      Buffer.from(await first.arrayBuffer())
        .subarray(0, 8)
        .toString(),
    ).toBe('%PDF-1.4');
    // pdf.js asks for ranges; the viewer fetches an image again: the same link serves them.
    const part = await fetch(`${t.baseUrl}${url}`, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('%PDF');

    const download = (await link(tokenA, pdfId, 'download')).body.data as { url: string; ticket: string };
    const saved = await fetch(`${t.baseUrl}${download.url}`);
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment; /);
    await saved.arrayBuffer();
    // And the header way, whose reply used to be answered twice (a warning naming the whole address).
    const byHeader = await get(`/fldFile/download?attachmentId=${pdfId}`, {
      authorization: `Bearer ${tokenA}`,
    });
    expect(byHeader.status).toBe(200);
    await byHeader.arrayBuffer();
    // A refused address is logged too, if at all, without its secrets.
    await get(`/fldFile/download?attachmentId=${pdfId}&access_token=${encodeURIComponent(tokenA)}`);

    // Whatever else names an address: the request serialiser and any message text.
    const address = `/api/fldFile/preview?attachmentId=${pdfId}&ticket=${ticket}&access_token=${tokenA}`;
    t.server.app.log.warn({ req: { method: 'GET', url: address, hostname: 'h', ip: '127.0.0.1' } }, 'probe');
    t.server.app.log.warn(`probe: GET ${address} failed; Authorization: Bearer ${tokenA}`);
    const probes = logLines.filter((l) => l.includes('probe'));
    expect(probes).toHaveLength(2);
    for (const line of probes) {
      expect(line).toContain(`attachmentId=${pdfId}&ticket=[redacted]&access_token=[redacted]`);
    }

    const log = logLines.join('');
    expect(log).not.toContain(tokenA);
    expect(log).not.toContain(ticket);
    expect(log).not.toContain(download.ticket);
    expect(log).not.toContain('Reply was already sent');
  });

  it('works for its file and purpose only, refusing anything else with a translated 403', async () => {
    const preview = await ticketOf(tokenA, pdfId, 'preview');
    const refused = async (path: string, lang = 'en') => {
      const res = await get(path, { 'accept-language': lang });
      const body = (await res.json()) as Envelope;
      return { status: res.status, state: body.state, message: body.message };
    };
    const invalid = {
      status: 403,
      state: 6010104,
      message: expect.stringMatching(/not valid, or not for this file/),
    };
    // Another file, with the same ticket.
    expect(await refused(`/fldFile/preview?attachmentId=${txtId}&ticket=${preview}`)).toEqual(invalid);
    // The same file for another purpose: the download and image routes.
    expect(await refused(`/fldFile/download?attachmentId=${pdfId}&ticket=${preview}`)).toEqual(invalid);
    expect(await refused(`/file/getImage?attachmentId=${pdfId}&ticket=${preview}`)).toEqual(invalid);
    // Altered: another session id in the head, or a changed signature.
    const [head, mac] = preview.split('.');
    const forgedHead = Buffer.from(JSON.stringify(['someone-else', tenantA, 9_999_999_999])).toString(
      'base64url',
    );
    expect(await refused(`/fldFile/preview?attachmentId=${pdfId}&ticket=${forgedHead}.${mac}`)).toEqual(
      invalid,
    );
    const flipped = `${head}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect(await refused(`/fldFile/preview?attachmentId=${pdfId}&ticket=${flipped}`)).toEqual(invalid);
    expect(await refused(`/fldFile/preview?attachmentId=${pdfId}&ticket=garbage`)).toEqual(invalid);
    // Translated in each language.
    expect((await refused(`/fldFile/preview?attachmentId=${txtId}&ticket=${preview}`, 'zh-CN')).message).toBe(
      '文件链接无效，或不是用于此文件的链接，请重新打开',
    );
    // It grants nothing else: not another operation, which knows no tickets.
    const other = await call(t, 'GET', `/file/attachment/get?attachmentId=${pdfId}&ticket=${preview}`);
    expect(other.body.state).toBe(6020201);
    // An image link is for images only; an unknown or another tenant's file gets no link at all.
    expect((await link(tokenA, pdfId, 'image')).body.state).toBe(415);
    expect((await link(tokenA, 'no-such-file', 'download')).status).toBe(404);
    expect((await link(tokenB, pdfId, 'preview')).status).toBe(404);
    expect((await link(tokenB, pdfId, 'download')).status).toBe(404);
    // Without a session there is no link either.
    expect(
      (await call(t, 'POST', '/fldFile/link', { body: { attachmentId: pdfId, purpose: 'preview' } })).body
        .state,
    ).toBe(6020201);
    // And the image link shows the image.
    const image = await ticketOf(tokenA, pngId, 'image');
    const shown = await get(`/file/getImage?attachmentId=${pngId}&ticket=${image}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    await shown.arrayBuffer();
  });

  it("reads a colleague's file only with file:read, as the uploader, or through the message that holds it", async () => {
    const nosy = await makeAccount(t, { account: `links_nosy_${kind}`, tenantId: tenantA });
    const reader = await makeAccount(t, { account: `links_reader_${kind}`, tenantId: tenantA });
    const nosyToken = (await loginToken(t, nosy.account, nosy.password)).access_token;
    const readerToken = (await loginToken(t, reader.account, reader.password)).access_token;
    const refusedTo = async (token: string) => {
      expect((await link(token, pdfId, 'preview')).body.state).toBe(404);
      expect((await link(token, pdfId, 'download')).body.state).toBe(404);
      expect((await call(t, 'GET', `/file/attachment/get?attachmentId=${pdfId}`, { token })).body.state).toBe(
        404,
      );
      const transfer = await call(t, 'POST', `/file/attachment/transfer?ids=${pdfId}`, { token, body: {} });
      expect(transfer.body.data).toEqual([]);
    };
    // Members of the tenant who are neither its uploader nor hold file:read: as if it did not exist.
    await refusedTo(nosyToken);
    await refusedTo(readerToken);
    // The uploader and the file manager read it.
    expect((await link(tokenA, pdfId, 'preview')).body.state).toBe(200);
    const member = (await loginToken(t, memberA.account, memberA.password)).access_token;
    expect((await link(member, pdfId, 'preview')).body.state).toBe(200);
    // Sent in a message to the reader: the reader reads it, the nosy colleague still does not.
    const { id: readerEmployee } = await db(t)
      .withSchema('t_demo')
      .selectFrom('employee')
      .select('id')
      .where('account_id', '=', reader.id)
      .executeTakeFirstOrThrow();
    const sent = await call(t, 'POST', '/msg/innerMessage/save', {
      token: tokenA,
      body: { subject: '合同', content: '<p>见附件</p>', receiverIds: readerEmployee, attachmentIds: pdfId },
    });
    expect(sent.body.state, sent.body.message).toBe(200);
    const ticket = await ticketOf(readerToken, pdfId, 'preview');
    expect((await get(`/fldFile/preview?attachmentId=${pdfId}&ticket=${ticket}`)).status).toBe(200);
    expect(
      (await call(t, 'GET', `/file/attachment/get?attachmentId=${pdfId}`, { token: readerToken })).body.state,
    ).toBe(200);
    await refusedTo(nosyToken);
    // Removed from the reader's inbox: the message no longer reaches them, nor its file.
    const messageId = sent.body.data.id as string;
    expect(
      (await call(t, 'POST', `/msg/innerMessage/remove?ids=${messageId}`, { token: readerToken })).body.state,
    ).toBe(200);
    await refusedTo(readerToken);

    // A file nobody uploaded (one the system wrote) is never sent in a message: it is read through its record.
    const systemFile = `links_system_${kind}`;
    await attachmentRow(t, 't_demo', { id: systemFile, ownerId: null, name: '通知书.pdf' });
    const leak = await call(t, 'POST', '/msg/innerMessage/save', {
      token: tokenA,
      body: { subject: '转发', content: '<p>x</p>', receiverIds: readerEmployee, attachmentIds: systemFile },
    });
    expect(leak.body.state).toBe(6010104);
  });

  it('expires after its minute, and ends with its session', async () => {
    const session = await db(t)
      .selectFrom('platform.session')
      .select(['id', 'tenant_id'])
      .where('token_hash', '=', hashToken(tokenA))
      .executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const sign = (expiresAt: number) =>
      signTicket(db(t), t.config, {
        purpose: 'preview',
        attachmentId: pdfId,
        sessionId: session.id,
        tenantId: session.tenant_id,
        expiresAt,
      });
    const live = await get(`/fldFile/preview?attachmentId=${pdfId}&ticket=${await sign(now + 30)}`);
    expect(live.status).toBe(200);
    await live.arrayBuffer();
    const old = await get(`/fldFile/preview?attachmentId=${pdfId}&ticket=${await sign(now - 1)}`, {
      'accept-language': 'en',
    });
    expect(old.status).toBe(403);
    expect(((await old.json()) as Envelope).message).toBe(
      'This file link has expired: please open the file again',
    );

    // A member's link, then the member signs out: the link ends with the login.
    const member = await loginToken(t, memberA.account, memberA.password);
    const ticket = await ticketOf(member.access_token, txtId, 'preview');
    const before = await get(`/fldFile/preview?attachmentId=${txtId}&ticket=${ticket}`);
    expect(Buffer.from(await before.arrayBuffer())).toEqual(GBK_BYTES);
    expect((await call(t, 'POST', '/user/logout', { token: member.access_token })).body.data).toBe(true);
    const after = await get(`/fldFile/preview?attachmentId=${txtId}&ticket=${ticket}`);
    expect(after.status).toBe(401);
    expect(((await after.json()) as Envelope).state).toBe(6020201);
  });

  /** The mf_refresh cookies of a response, by path, with their attributes. */
  function refreshCookies(res: Response): Map<string, { value: string; attrs: string[] }> {
    const found = new Map<string, { value: string; attrs: string[] }>();
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      if (pair.slice(0, eq) !== REFRESH_COOKIE) continue;
      const path = attrs.find((a) => a.startsWith('Path='))?.slice(5) ?? '';
      found.set(path, { value: pair.slice(eq + 1), attrs });
    }
    return found;
  }

  const apply = (body: object, headers: Record<string, string> = {}) =>
    fetch(`${t.api}/authentication/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('sets the refresh token as an HttpOnly, SameSite=Strict cookie on the refresh path, never in a browser’s body', async () => {
    const res = await apply(
      { grant_type: 'password_credentials', username: memberA.account, password: memberA.password },
      { ...BROWSER, 'x-forwarded-proto': 'https' },
    );
    const body = (await res.json()) as Envelope;
    expect(body.state).toBe(200);
    expect(body.data.access_token).toBeTruthy();
    expect(body.data).not.toHaveProperty('refresh_token');
    const cookies = refreshCookies(res);
    const base = t.config.apiBase;
    expect([...cookies.keys()].sort()).toEqual([
      `${base}/authentication/apply`,
      `${base}/oauth2/v3/authentication/apply`,
    ]);
    for (const { value, attrs } of cookies.values()) {
      expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(attrs).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Secure']));
      expect(attrs.find((a) => a.startsWith('Max-Age='))).toMatch(/^Max-Age=[1-9]\d*$/);
    }
    // Over plain HTTP the cookie is not Secure (the browser would drop it).
    const plain = await apply(
      { grant_type: 'password_credentials', username: memberA.account, password: memberA.password },
      BROWSER,
    );
    for (const { attrs } of refreshCookies(plain).values()) expect(attrs).not.toContain('Secure');
    // A client that is no browser (no Origin, no Sec-Fetch-Site) still gets it in the body too.
    const script = await loginToken(t, memberA.account, memberA.password);
    expect(script.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refreshes from the cookie alone, rotating it; sign-out clears it and ends it', async () => {
    const signIn = await apply(
      { grant_type: 'password_credentials', username: memberA.account, password: memberA.password },
      BROWSER,
    );
    const first = [...refreshCookies(signIn).values()][0].value;
    const refresh = (cookie: string) =>
      apply({ grant_type: 'refresh_token' }, { ...BROWSER, cookie: `other=1; ${REFRESH_COOKIE}=${cookie}` });

    const renewed = await refresh(first);
    const renewedBody = (await renewed.json()) as Envelope;
    expect(renewedBody.state).toBe(200);
    expect(renewedBody.data).not.toHaveProperty('refresh_token');
    const second = [...refreshCookies(renewed).values()][0].value;
    expect(second).not.toBe(first);
    const access = renewedBody.data.access_token as string;
    expect((await call(t, 'GET', '/user/context', { token: access })).body.state).toBe(200);
    // No cookie, no body token: nothing to refresh with.
    expect(((await (await apply({ grant_type: 'refresh_token' }, BROWSER)).json()) as Envelope).state).toBe(
      6020201,
    );

    const out = await fetch(`${t.api}/user/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, ...BROWSER },
    });
    expect(((await out.json()) as Envelope).data).toBe(true);
    const cleared = refreshCookies(out);
    expect(cleared.size).toBe(2);
    for (const { value, attrs } of cleared.values()) {
      expect(value).toBe('');
      expect(attrs).toEqual(expect.arrayContaining(['Max-Age=0', 'HttpOnly', 'SameSite=Strict']));
    }
    // The cookie's token died with the login, should a browser still present it; the refusal clears it.
    const dead = await refresh(second);
    expect(((await dead.json()) as Envelope).state).toBe(6020201);
    expect([...refreshCookies(dead).values()].map((c) => c.value)).toEqual(['', '']);
  });
});
