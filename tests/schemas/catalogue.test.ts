// @vitest-environment node
/**
 * The API catalogue covers the spec: every call of api-calls.txt with its method, path and public flag,
 * and the calls we added (ours: true) are exactly the documented ones.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../schemas/catalogue.ts';
import { operationIdFromPath } from '../../schemas/catalogue-types.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The shared spec sits beside the repository; the fixture copy keeps the test runnable without it. */
function apiCallsFile(): string {
  const shared = join(repoRoot, '..', 'shared', 'spec', 'api-calls.txt');
  return existsSync(shared) ? shared : join(repoRoot, 'tests', 'fixtures', 'api-calls.txt');
}

interface SpecCall {
  method: string;
  path: string;
  isPublic: boolean;
  line: string;
}

function parseApiCalls(text: string): SpecCall[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [method, path, flag] = line.split(/\s+/);
      return { method, path, isPublic: flag === 'public', line };
    });
}

const calls = parseApiCalls(readFileSync(apiCallsFile(), 'utf8'));
const catalogue = loadCatalogue();
const operations = [...catalogue.values()];
const byRoute = new Map(operations.map((op) => [`${op.method} ${op.path}`, op]));

/** The calls the spec names without a path, the log upload and the tenant switch; paths are ours (schemas/api/README.md). */
const OURS: Record<string, { method: string; path: string; access: string }> = {
  'user.passwordPolicy': { method: 'GET', path: '/user/passwordPolicy', access: 'public' },
  'fldUser.perfect': { method: 'POST', path: '/fldUser/perfect', access: 'public' },
  'smsMsg.msgCheck': { method: 'POST', path: '/smsMsg/msgCheck', access: 'public' },
  'tnewsGg.queryContent': { method: 'POST', path: '/tnewsGg/queryContent', access: 'public' },
  'casePublish.history.query': { method: 'POST', path: '/casePublish/history/query', access: 'public' },
  'casePublish.sample.query': { method: 'POST', path: '/casePublish/sample/query', access: 'public' },
  'log.upload': { method: 'POST', path: '/log/upload', access: 'user' },
  'user.switchTenant': { method: 'POST', path: '/user/switchTenant', access: 'user' },
  'log.login.query': { method: 'POST', path: '/log/login/query', access: 'tenant' },
  'log.operation.query': { method: 'POST', path: '/log/operation/query', access: 'tenant' },
  'msg.innerMessage.stream': { method: 'GET', path: '/msg/innerMessage/stream', access: 'tenant' },
  'msg.alertSetting.query': { method: 'GET', path: '/msg/alertSetting/query', access: 'tenant' },
  'msg.alertSetting.save': { method: 'POST', path: '/msg/alertSetting/save', access: 'tenant' },
  // Signed file links: file addresses carry a ticket for one file and purpose, never an access token.
  'fldFile.link': { method: 'POST', path: '/fldFile/link', access: 'tenant' },
  // The public side (issue 13): query page, open data, feed, news management, reports of unnotified deals.
  'publicity.clearance.query': { method: 'POST', path: '/publicity/clearance/query', access: 'public' },
  'publicity.batch.query': { method: 'POST', path: '/publicity/batch/query', access: 'public' },
  'publicity.notice.query': { method: 'POST', path: '/publicity/notice/query', access: 'public' },
  'publicity.notice.get': { method: 'POST', path: '/publicity/notice/get', access: 'public' },
  'publicity.decision.query': { method: 'POST', path: '/publicity/decision/query', access: 'public' },
  'publicity.decision.get': { method: 'POST', path: '/publicity/decision/get', access: 'public' },
  'publicity.comment.submit': { method: 'POST', path: '/publicity/comment/submit', access: 'public' },
  'publicity.notice.anonymity.get': {
    method: 'POST',
    path: '/publicity/notice/anonymity/get',
    access: 'tenant',
  },
  'publicity.notice.anonymity.save': {
    method: 'POST',
    path: '/publicity/notice/anonymity/save',
    access: 'tenant',
  },
  'publicity.openData.clearance': { method: 'GET', path: '/publicity/openData/clearance', access: 'public' },
  'publicity.openData.notice': { method: 'GET', path: '/publicity/openData/notice', access: 'public' },
  'publicity.openData.decision': { method: 'GET', path: '/publicity/openData/decision', access: 'public' },
  'publicity.feed': { method: 'GET', path: '/publicity/feed', access: 'public' },
  // Following a case or a saved search (issue 25): e-mail alerts with double opt-in, and a per-search feed.
  'publicity.follow.subscribe': { method: 'POST', path: '/publicity/follow/subscribe', access: 'public' },
  'publicity.follow.confirm': { method: 'POST', path: '/publicity/follow/confirm', access: 'public' },
  'publicity.follow.unsubscribe': { method: 'POST', path: '/publicity/follow/unsubscribe', access: 'public' },
  'publicity.follow.feed': { method: 'GET', path: '/publicity/follow/feed', access: 'public' },
  // Cases under review (issue 25): the public list and the authority's per-case switch.
  'publicity.review.query': { method: 'POST', path: '/publicity/review/query', access: 'public' },
  'publicity.disclosure.get': { method: 'POST', path: '/publicity/disclosure/get', access: 'tenant' },
  'publicity.disclosure.save': { method: 'POST', path: '/publicity/disclosure/save', access: 'tenant' },
  // A page per public case (issue 25).
  'publicity.case.get': { method: 'POST', path: '/publicity/case/get', access: 'public' },
  // The register's figures (issue 25).
  'publicity.stats': { method: 'POST', path: '/publicity/stats', access: 'public' },
  'publicity.openData.stats': { method: 'GET', path: '/publicity/openData/stats', access: 'public' },
  'tnewsGg.get': { method: 'POST', path: '/tnewsGg/get', access: 'public' },
  'tnewsGg.query': { method: 'POST', path: '/tnewsGg/query', access: 'tenant' },
  'tnewsGg.detail': { method: 'POST', path: '/tnewsGg/detail', access: 'tenant' },
  'tnewsGg.save': { method: 'POST', path: '/tnewsGg/save', access: 'tenant' },
  'tnewsGg.update': { method: 'POST', path: '/tnewsGg/update', access: 'tenant' },
  'tnewsGg.publish': { method: 'POST', path: '/tnewsGg/publish', access: 'tenant' },
  'tnewsGg.remove': { method: 'POST', path: '/tnewsGg/remove', access: 'tenant' },
  'wyf.reporter.get': { method: 'GET', path: '/wyf/reporter/get', access: 'user' },
  'wyf.reporter.save': { method: 'POST', path: '/wyf/reporter/save', access: 'user' },
  'wyf.evidence.upload': { method: 'POST', path: '/wyf/evidence/upload', access: 'user' },
  'wyf.clue.submit': { method: 'POST', path: '/wyf/clue/submit', access: 'user' },
  'wyf.clue.mine': { method: 'POST', path: '/wyf/clue/mine', access: 'user' },
  'wyf.clue.query': { method: 'POST', path: '/wyf/clue/query', access: 'tenant' },
  'wyf.clue.get': { method: 'POST', path: '/wyf/clue/get', access: 'tenant' },
  'wyf.clue.triage': { method: 'POST', path: '/wyf/clue/triage', access: 'tenant' },
  'wyf.evidence.download': { method: 'GET', path: '/wyf/evidence/download', access: 'tenant' },
  'role.saveResources': { method: 'POST', path: '/role/saveResources', access: 'tenant' },
  // Platform administration (issue 11): the main tenant choice, the user relations' accounts, levels.
  'saas.tenant.parent.options': { method: 'GET', path: '/saas/tenant/parent/options', access: 'super' },
  'saas.tenant.account.query': { method: 'POST', path: '/saas/tenant/account/query', access: 'super' },
  'level.query': { method: 'POST', path: '/level/query', access: 'tenant' },
  'level.get': { method: 'GET', path: '/level/get', access: 'tenant' },
  'level.save': { method: 'POST', path: '/level/save', access: 'tenant' },
  'level.remove': { method: 'POST', path: '/level/remove', access: 'tenant' },
  // Versioned screens (issue 26): the configurator's versions, and what every session draws instead of the files.
  'screenConfig.list': { method: 'POST', path: '/screenConfig/list', access: 'tenant' },
  'screenConfig.versions': { method: 'POST', path: '/screenConfig/versions', access: 'tenant' },
  'screenConfig.get': { method: 'POST', path: '/screenConfig/get', access: 'tenant' },
  'screenConfig.check': { method: 'POST', path: '/screenConfig/check', access: 'tenant' },
  'screenConfig.saveDraft': { method: 'POST', path: '/screenConfig/saveDraft', access: 'tenant' },
  'screenConfig.publish': { method: 'POST', path: '/screenConfig/publish', access: 'tenant' },
  'screenConfig.restore': { method: 'POST', path: '/screenConfig/restore', access: 'tenant' },
  'screenConfig.effective': { method: 'POST', path: '/screenConfig/effective', access: 'user' },
  'dataTemplate.list': { method: 'POST', path: '/dataTemplate/list', access: 'tenant' },
  'dataTemplate.get': { method: 'GET', path: '/dataTemplate/get', access: 'tenant' },
  'dataTemplate.save': { method: 'POST', path: '/dataTemplate/save', access: 'tenant' },
  'dataTemplate.screens': { method: 'GET', path: '/dataTemplate/screens', access: 'tenant' },
  'dataTemplate.row.query': { method: 'POST', path: '/dataTemplate/row/query', access: 'tenant' },
  'dataTemplate.row.get': { method: 'GET', path: '/dataTemplate/row/get', access: 'tenant' },
  'dataTemplate.row.save': { method: 'POST', path: '/dataTemplate/row/save', access: 'tenant' },
  'dataTemplate.row.remove': { method: 'POST', path: '/dataTemplate/row/remove', access: 'tenant' },
};

describe('API catalogue against the spec', () => {
  it('reads the 168 calls of api-calls.txt', () => {
    expect(calls).toHaveLength(168);
  });

  it('declares every call with its method and path', () => {
    const missing = calls
      .filter((call) => !byRoute.has(`${call.method} ${call.path}`))
      .map((call) => call.line);
    expect(missing).toEqual([]);
  });

  it('makes exactly the whitelisted calls public', () => {
    const wrong = calls
      .filter((call) => (byRoute.get(`${call.method} ${call.path}`)?.access === 'public') !== call.isPublic)
      .map((call) => `${call.line} -> ${byRoute.get(`${call.method} ${call.path}`)?.access}`);
    expect(wrong).toEqual([]);
  });

  it('names every operation after its path', () => {
    const wrong = operations.filter((op) => op.id !== operationIdFromPath(op.path)).map((op) => op.id);
    expect(wrong).toEqual([]);
  });

  it('adds only the documented calls of our own, with the chosen paths and access', () => {
    const specRoutes = new Set(calls.map((call) => `${call.method} ${call.path}`));
    // The filing section is ours as a whole (the spec has no calls for it): all under /filing, tenant calls.
    const filing = operations.filter((op) => op.area === 'filing');
    for (const op of filing) {
      expect(op.ours, op.id).toBe(true);
      expect({ path: op.path.split('/')[1], access: op.access }, op.id).toEqual({
        path: 'filing',
        access: 'tenant',
      });
    }
    const extra = operations.filter(
      (op) => op.area !== 'filing' && !specRoutes.has(`${op.method} ${op.path}`),
    );
    expect(extra.map((op) => op.id).sort()).toEqual(Object.keys(OURS).sort());
    for (const op of extra) {
      expect(op.ours, op.id).toBe(true);
      expect({ method: op.method, path: op.path, access: op.access }, op.id).toEqual(OURS[op.id]);
    }
    expect(operations.filter((op) => op.ours && specRoutes.has(`${op.method} ${op.path}`))).toEqual([]);
    expect(operations).toHaveLength(calls.length + Object.keys(OURS).length + filing.length);
  });

  it('makes the whitelist calls the spec names without a path public', () => {
    for (const id of [
      'fldUser.perfect',
      'smsMsg.msgCheck',
      'tnewsGg.queryContent',
      'casePublish.history.query',
      'casePublish.sample.query',
      'user.passwordPolicy',
    ]) {
      expect(catalogue.get(id)?.access, id).toBe('public');
    }
  });

  it('names a permission for every operation; only the file addresses take a signed link, none an access token', () => {
    for (const op of operations)
      expect(op.permission, op.id).toMatch(/^(public|user|member|[a-z][A-Za-z]*:[a-z][A-Za-z]*)$/);
    expect(
      Object.fromEntries(operations.filter((op) => op.linkPurpose).map((op) => [op.id, op.linkPurpose])),
    ).toEqual({ 'fldFile.download': 'download', 'fldFile.preview': 'preview', 'file.getImage': 'image' });
    const queryParameters = (op: (typeof operations)[number]) =>
      Object.keys((op.request?.query as { properties?: object } | undefined)?.properties ?? {});
    expect(
      operations.filter((op) => queryParameters(op).includes('access_token')).map((op) => op.id),
    ).toEqual([]);
  });

  it('marks the uploads multipart and the downloads binary', () => {
    for (const id of ['auth.resources.importXml', 'fldFile.upload'])
      expect(catalogue.get(id)?.request?.multipart, id).toBe(true);
    for (const id of ['auth.resources.exportXml', 'fldFile.download', 'fldFile.preview', 'file.getImage']) {
      expect(catalogue.get(id)?.binary, id).toBe(true);
    }
  });

  it('gives every list query the list request body', () => {
    const lists = operations.filter(
      (op) =>
        /(^|\.)(query|receive|sent)$|\.query4|\.queryWith|\.query[A-Z]/.test(op.id) && op.method === 'POST',
    );
    expect(lists.length).toBeGreaterThan(30);
    const wrong = lists
      .filter((op) => !['role.queryByOrgId', 'role.queryByPositionId'].includes(op.id))
      .filter((op) => (op.request?.body as { $ref?: string } | undefined)?.$ref !== 'list-request')
      .map((op) => op.id);
    expect(wrong).toEqual([]);
  });

  it('follows the service rule: oauth2 for authentication and authorize, business for msg, fld*, saas and the public pages', () => {
    const expected = (path: string) =>
      /^\/(authentication|authorize)\//.test(path)
        ? 'oauth2'
        : /^\/(msg|saas|smsMsg|tnewsGg|casePublish|publicity|wyf)\/|^\/fld/.test(path)
          ? 'business'
          : 'platform';
    const wrong = operations
      .filter((op) => op.service !== expected(op.path))
      .map((op) => `${op.id}: ${op.service}`);
    expect(wrong).toEqual([]);
  });
});
