/**
 * Issue 14, done-when: one user sends a message with an attachment and a <script> in its content to a
 * user group; another user, signed in elsewhere, sees it arrive live in the bell (pushed over the event
 * stream, not the bell's first load), reads it, and replies from the inbox; the sender hears of the reply
 * and sees the read receipt and the reply in the sent box. The content shows without the script.
 */
import { describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { call } from '../support/server.ts';
import { loginToken, makeAccount } from '../server/auth-support.ts';
import { token, turnOnTools } from './support/shell.ts';
import { unique, useE2eSuite } from './support/suite.ts';

describe('messages, live', () => {
  const suite = useE2eSuite();
  const db = () => suite.server.server.database.db;
  const viewport = { viewport: { width: 1400, height: 900 } };

  it('sends to a group; the receiver sees it arrive in the bell, reads and replies; the sender sees both', async () => {
    const demo = await db()
      .selectFrom('platform.tenant')
      .select(['id', 'schema_name'])
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const space = db().withSchema(demo.schema_name);
    const account = unique('reader');
    // A tenant admin, so the menu (and its inbox page) opens without granting roles first.
    const reader = await makeAccount(suite.server, { account, tenantId: demo.id, admin: true });
    const readerEmployee = await space
      .selectFrom('employee')
      .select(['id', 'name'])
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    const groupId = newId();
    await space
      .insertInto('user_group')
      .values({ id: groupId, name: unique('审查小组'), alias: unique('g') })
      .execute();
    await space
      .insertInto('user_group_member')
      .values({ group_id: groupId, employee_id: readerEmployee.id })
      .execute();

    // The receiver is signed in with the bell on, its first load done and its stream open.
    const streamsBefore = suite.server.server.app.streams.size();
    const { page: receiver } = await suite.signedIn(account, reader.password, viewport);
    await turnOnTools(receiver, 'bell');
    await expect.poll(() => suite.server.server.app.streams.size()).toBeGreaterThan(streamsBefore);
    const badge = receiver.getByTestId('bell-badge');

    // The sender (admin) is signed in with the bell on too, to hear of the reply.
    const { page: sender } = await suite.signedIn('admin', undefined, viewport);
    await turnOnTools(sender, 'bell');
    const senderToken = await token(sender);
    await expect.poll(() => suite.server.server.app.streams.size()).toBeGreaterThan(streamsBefore + 1);

    // Sent with an attachment and a script (as a hostile client would; the editor cannot produce one).
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode('自查清单内容')]), '自查清单.txt');
    const uploaded = await fetch(`${suite.server.api}/fldFile/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${senderToken}` },
      body: form,
    }).then((r) => r.json() as Promise<{ state: number; data: { id: string } }>);
    expect(uploaded.state).toBe(200);
    const subject = unique('自查通知');
    const sent = await call(suite.server, 'POST', '/msg/innerMessage/save', {
      token: senderToken,
      body: {
        subject,
        content: '<p>请查收<strong>附件</strong></p><script>window.__pwned = 1</script>',
        canreply: 1,
        groupIds: groupId,
        attachmentIds: uploaded.data.id,
      },
    });
    expect(sent.body.state).toBe(200);
    const sentAt = Date.now();

    // Pushed: the badge counts it without the popover being opened or the page reloaded.
    await badge
      .locator('.ant-scroll-number')
      .getByText('1', { exact: true })
      .first()
      .waitFor({ timeout: 5_000 });
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    await receiver.getByTestId('bell-button').click();
    const panel = receiver.getByTestId('bell-panel');
    await panel.getByText(subject).click();
    const detail = receiver.getByRole('dialog', { name: '消息详情' });
    await detail.getByText('请查收').waitFor();
    await detail.getByText('自查清单.txt').waitFor();
    expect(await detail.innerHTML()).not.toContain('<script');
    expect(await receiver.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await receiver.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    // Read: the badge goes back to nothing.
    await badge.locator('.ant-scroll-number').waitFor({ state: 'hidden' });

    // Reply from the inbox (the bell's dialog is read-only).
    await receiver.goto(`${suite.server.baseUrl}/officeDesk/innerMessage/receiveMessage`);
    const row = receiver.getByRole('row').filter({ hasText: subject });
    await row.getByRole('button', { name: /查\s*看/ }).click();
    const full = receiver.getByRole('dialog').filter({ hasText: subject });
    await full.getByRole('button', { name: /^回\s*复$/ }).click();
    const replyDialog = receiver.getByRole('dialog', { name: '回复消息' });
    await replyDialog.getByRole('textbox').fill('已收到，本周完成自查');
    await replyDialog.getByRole('button', { name: /保\s*存/ }).click();
    await replyDialog.waitFor({ state: 'hidden' });

    // The sender hears of the reply, then sees it and the read receipt in the sent box.
    await sender.getByText('您的消息有新回复').waitFor();
    await sender.goto(`${suite.server.baseUrl}/officeDesk/innerMessage/sentMessage`);
    const sentRow = sender.getByRole('row').filter({ hasText: subject });
    await sentRow.waitFor();
    await sentRow.getByRole('button', { name: /查\s*看/ }).click();
    const senderDetail = sender.getByRole('dialog').filter({ hasText: subject });
    await senderDetail.getByText('已收到，本周完成自查').waitFor();
    await senderDetail.getByRole('tab', { name: '已读人员' }).click();
    const readRow = senderDetail.getByRole('row').filter({ hasText: readerEmployee.name });
    await readRow.waitFor();
    expect(await readRow.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });

  it('composes in the rich-text editor (loaded with the compose screen only) and sends to a person', async () => {
    const demo = await db()
      .selectFrom('platform.tenant')
      .select(['id', 'schema_name'])
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const account = unique('composed');
    const reader = await makeAccount(suite.server, { account, tenantId: demo.id });
    const { page } = await suite.signedIn('admin', undefined, viewport);
    const editorChunks: string[] = [];
    page.on('request', (r) => {
      if (/RichTextWidget/.test(r.url())) editorChunks.push(r.url());
    });
    await page.goto(`${suite.server.baseUrl}/officeDesk/innerMessage/receiveMessage`);
    await page.getByRole('button', { name: /写消息/ }).waitFor();
    expect(editorChunks).toEqual([]);

    await page.getByRole('button', { name: /写消息/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '接收人员' });
    await dialog.waitFor();
    const subject = unique('编辑器消息');
    await dialog.getByLabel('主题').fill(subject);
    // Every lazy widget of the form has drawn (the editor is the heaviest).
    await dialog.locator('.rich-text-body').waitFor();
    const people = dialog.getByLabel('接收人员');
    await people.click();
    await people.fill(account);
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `User ${account}` })
      .click();
    const editor = dialog.locator('.rich-text-body');
    // A toolbar button gives the focus back to the editor a moment after the click: type only once it has
    // it, or the first key goes nowhere (seen on a busy machine).
    const editorHasFocus = () => editor.evaluate((el) => el.contains(document.activeElement));
    const bold = dialog.getByRole('button', { name: '加粗' });
    await editor.click();
    await bold.click();
    await expect.poll(editorHasFocus).toBe(true);
    await page.keyboard.type('重要');
    await bold.click();
    await expect.poll(editorHasFocus).toBe(true);
    await page.keyboard.type('：请于周五前<b>回复</b>');
    expect(editorChunks.length).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    const stored = await db()
      .withSchema(demo.schema_name)
      .selectFrom('message')
      .select(['content', 'owner_name'])
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();
    // Typed markup stays text: escaped by the editor, kept escaped by the server.
    expect(stored.content).toBe('<p><strong>重要</strong>：请于周五前&lt;b&gt;回复&lt;/b&gt;</p>');
    const readerToken = (await loginToken(suite.server, account, reader.password)).access_token;
    const inbox = await call(suite.server, 'POST', '/msg/innerMessage/receive', {
      token: readerToken,
      body: { parameters: [{ key: 'subject', value: subject }] },
    });
    expect(inbox.body.data.pageResult.totalCount).toBe(1);
  });
});
