/**
 * Uploads cut short and uploads that stall: a multipart body the client abandons mid-file (the socket
 * destroyed after part of the file), twenty times over, leaves no temporary file in the store and no open
 * file handle; a truncated body whose client keeps the socket open gets an answer (a translated 4xx)
 * rather than hanging; an upload that stops sending is ended by the upload idle timeout with a translated
 * 408; a bad multipart boundary is a translated 400; a request not received within REQUEST_TIMEOUT_SECONDS
 * is answered with a translated 408 (Node's parser reports it; answerClientError answers). Handles are read from /proc/self/fd and the
 * server's connections from /proc/net/tcp (the server runs in this process).
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError } from '../../server/http/errors.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { makePdf } from '../support/file-fixtures.ts';
import { demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const PROC_FD = '/proc/self/fd';

/** A multipart body's opening up to the first byte of its file part. */
function openingOf(boundary: string): string {
  return (
    `--${boundary}\r\n` +
    'Content-Disposition: form-data; name="file"; filename="cut.pdf"\r\n' +
    'Content-Type: application/pdf\r\n\r\n'
  );
}

/** Open descriptors of this process on files under `dir`. */
function handles(dir: string): { inDir: string[]; sockets: Set<string> } {
  const inDir: string[] = [];
  const sockets = new Set<string>();
  for (const fd of readdirSync(PROC_FD)) {
    let target: string;
    try {
      target = readlinkSync(join(PROC_FD, fd));
    } catch {
      continue; // closed between the listing and the look
    }
    if (target.startsWith(dir)) inDir.push(target);
    const socket = /^socket:\[(\d+)\]$/.exec(target);
    if (socket) sockets.add(socket[1]);
  }
  return { inDir, sockets };
}

/** Connections this process holds open on the server's side of `port` (its listening socket aside). */
function serverConnections(port: number): number {
  const mine = handles('/nonexistent/').sockets;
  let n = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      const localPort = parseInt(f[1].split(':')[1], 16);
      const listening = f[3] === '0A';
      if (localPort === port && !listening && mine.has(f[9])) n += 1;
    }
  }
  return n;
}

/** Every file below `dir` (the store's contents and its tmp/ folder). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true }))
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(join(d, e.name));
  };
  walk(dir);
  return out.sort();
}

/** Polls `check` until it returns true or the deadline passes; returns the last result. */
async function settle(check: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(dbKindsOf(import.meta.url))('uploads cut short on %s', (kind) => {
  let t: TestServer;
  let token: string;
  let port: number;
  const storeDir = () => join(t.config.dataDir, 'files');

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000, uploadIdleMs: 1_500 });
    const tenant = await demoTenantId(t);
    const a = await makeAccount(t, { account: `abort_a_${kind}`, tenantId: tenant, admin: true });
    token = (await loginToken(t, a.account, a.password)).access_token;
    port = Number(new URL(t.baseUrl).port);
  });
  afterAll(async () => t?.close());

  /** The head of a multipart request announcing `declared` body bytes, and the file part's opening. */
  function multipartHead(boundary: string, declared: number) {
    const opening = openingOf(boundary);
    const head =
      `POST ${t.config.apiBase}/fldFile/upload HTTP/1.1\r\n` +
      `Host: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${token}\r\n` +
      'Accept-Language: en\r\n' +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${declared}\r\n\r\n`;
    return { head, opening };
  }

  function open(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
  }

  /** Reads what the server answers until it closes the connection (`closed`) or `ms` pass. */
  function answerOf(s: Socket, ms = 15_000): Promise<{ text: string; closed: boolean }> {
    return new Promise((resolve) => {
      let text = '';
      const timer = setTimeout(() => {
        s.destroy();
        resolve({ text, closed: false });
      }, ms);
      s.on('data', (d: Buffer) => (text += d.toString('utf8')));
      s.on('error', () => undefined);
      s.on('close', () => {
        clearTimeout(timer);
        resolve({ text, closed: true });
      });
    });
  }

  const bodyOf = (answer: string) => {
    const json = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    const start = json.indexOf('{');
    return JSON.parse(json.slice(start, json.lastIndexOf('}') + 1)) as { state: number; message: string };
  };

  it('twenty uploads abandoned mid-file leave no temporary file and no open handle', async () => {
    const pdf = makePdf(40, 'cut short');
    const filesBefore = filesUnder(storeDir());
    // (The sign-in's keep-alive connection may still be open: it is counted before and after.)
    const connectionsBefore = serverConnections(port);
    for (let i = 0; i < 20; i++) {
      const boundary = `----cut${i}`;
      const { head, opening } = multipartHead(boundary, 10 * pdf.length);
      const staged = new Set(filesUnder(join(storeDir(), 'tmp')));
      const s = await open();
      s.write(head + opening);
      s.write(pdf);
      // Every other time the server first opens its temporary file and takes bytes; otherwise the
      // client is gone before the server reaches that point (both used to leave the file open).
      if (i % 2 === 0)
        expect(
          await settle(() => filesUnder(join(storeDir(), 'tmp')).some((f) => !staged.has(f)), 10_000),
        ).toBe(true);
      s.destroy();
    }
    const clean = await settle(
      () => handles(storeDir()).inDir.length === 0 && filesUnder(join(storeDir(), 'tmp')).length === 0,
    );
    const after = handles(storeDir());
    expect(clean, `open: ${after.inDir.join(', ')}; files: ${filesUnder(storeDir()).join(', ')}`).toBe(true);
    expect(filesUnder(storeDir())).toEqual(filesBefore);
    // Nor a connection: each abandoned one is closed on the server's side too.
    expect(await settle(() => serverConnections(port) <= connectionsBefore)).toBe(true);
  });

  it('a body that ends before its declared length is answered, stores nothing, and keeps no handle', async () => {
    const pdf = makePdf(4, 'half');
    const boundary = '----half';
    const { head, opening } = multipartHead(boundary, openingOf(boundary).length + pdf.length + 200);
    const s = await open();
    const answer = answerOf(s);
    // The client stops writing (half-closes) before the declared length: the body is truncated.
    s.end(head + opening + pdf.subarray(0, pdf.length / 2).toString('latin1'));
    const { text, closed } = await answer;
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(bodyOf(text)).toMatchObject({
      state: 400,
      message: 'The request ended before its body was complete',
    });
    // The staging file is closed, then removed: both are waited for (the removal may come a moment later).
    const clean = await settle(
      () => handles(storeDir()).inDir.length === 0 && filesUnder(join(storeDir(), 'tmp')).length === 0,
    );
    expect(clean, `files: ${filesUnder(join(storeDir(), 'tmp')).join(', ')}`).toBe(true);
  });

  it('an upload that stops sending is ended by the idle timeout with a translated 408', async () => {
    const pdf = makePdf(4, 'stall');
    const boundary = '----stall';
    const { head, opening } = multipartHead(boundary, 4 * pdf.length);
    const connectionsBefore = serverConnections(port);
    const s = await open();
    const answer = answerOf(s);
    s.write(head + opening);
    s.write(pdf.subarray(0, 1000));
    expect(await settle(() => serverConnections(port) > connectionsBefore)).toBe(true);
    // The answer comes, and the server closes the connection after it (the rest of the body never will).
    const { text, closed } = await answer;
    expect(closed).toBe(true);
    expect(await settle(() => serverConnections(port) <= connectionsBefore)).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(text)).toMatchObject({ state: 408, message: expect.stringMatching(/too long/i) });
    expect(await settle(() => handles(storeDir()).inDir.length === 0)).toBe(true);
    expect(filesUnder(join(storeDir(), 'tmp'))).toEqual([]);
  });

  it('a bad multipart boundary is a translated 400', async () => {
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      `multipart/form-data; boundary=${'x'.repeat(100)}`,
      'multipart/form-data; boundary="unterminated',
    ]) {
      const res = await fetch(`${t.api}/fldFile/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': 'en' },
        body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF\r\n--x--\r\n',
      });
      expect(res.status, contentType).toBe(400);
      const body = (await res.json()) as { state: number; message: string };
      expect(body, contentType).toMatchObject({
        state: 400,
        message: 'The upload is not a valid multipart form (bad boundary or incomplete content)',
      });
    }
  });
});

describe('what the HTTP parser refuses', () => {
  /** What answerClientError writes on a fresh connection for an error of `code`. */
  async function answerTo(code: string): Promise<string> {
    const server = createServer((socket) =>
      answerClientError(Object.assign(new Error(code), { code }), socket),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const client = connect(port, '127.0.0.1');
      let text = '';
      client.on('data', (d: Buffer) => (text += d.toString('utf8')));
      await new Promise<void>((resolve, reject) => {
        client.on('close', () => resolve());
        client.on('error', reject);
      });
      return text;
    } finally {
      server.close();
    }
  }

  it('answers a request not received in time with a translated 408 and closes the connection', async () => {
    const text = await answerTo('ERR_HTTP_REQUEST_TIMEOUT');
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(text).toContain('Connection: close');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      state: 408,
      message: '请求在规定时间内未完整到达，已取消',
      cause: null,
      data: null,
    });
    expect(await answerTo('HPE_INVALID_EOF_STATE')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });
});
