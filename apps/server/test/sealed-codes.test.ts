import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@tidemark/protocol';
import { buildSignedInUser, buildStaff, type SignedInUser } from '../src/testing/factories';
import { pathOf, startTestServer, uploadLink, type Answer, type TestServer } from './harness';
import { startSmtpServer } from './smtp';

// What staff can see of traders' secrets: one-time codes are delivered, never readable in the
// outbox or (with an SMTP server) the log, and opening a trader's details is audited.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const logLines: string[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
let admin: SignedInUser;
let n = 0;
const newEmail = () => `sealed-${Date.now()}-${(n += 1)}@example.test`;

beforeAll(async () => {
  smtp = await startSmtpServer((address) => address.startsWith('bounce'));
  server = await startTestServer({ env: { SMTP_URL: smtp.url }, logLines });
  admin = await buildStaff(server, { role: 'admin' });
});
afterAll(async () => {
  await server.close();
  smtp.close();
});

const auditOf = (action: string) => server.db.selectFrom('audit_log').select(['staff_id', 'subject', 'detail']).where('action', '=', action).execute();

describe('sealed one-time codes', () => {
  it('delivers the code, keeps it sealed in the outbox and out of the log', async () => {
    const email = newEmail();
    await server.call(calls.smsMail, { user_string: email });
    const code = /Your registration code is (\d{6})/.exec(smtp.received.at(-1) ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const stored = await server.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'sent', error: null });
    expect(stored.subject + stored.body).not.toContain(code);
    expect(stored.body).toContain('••••••');
    expect(logLines.join('\n')).not.toContain(code);

    const outbox = await server.call(calls.adminOutbox, { page: '1' }, { token: admin.token });
    expect(outbox).toMatchObject({ type: 'ok' });
    const row = outbox.message.data.find((m: { to: string }) => m.to === email);
    expect(row).toMatchObject({ status: 'sent', error: null, subject: expect.stringContaining('••••••') });
    expect(JSON.stringify(outbox.message)).not.toContain(code);
    // the code still works for its owner
    await server.call(calls.userRegister, { user_string: email, code: code!, password: 'Pass-word-12', re_password: 'Pass-word-12' });
  });

  it('shows a failed delivery with its error, not its text', async () => {
    const email = `bounce-${newEmail()}`;
    expect(await server.refused(calls.smsMail, { user_string: email })).toMatchObject({ type: 'error', code: 'mail_failed' });
    const outbox = await server.call(calls.adminOutbox, { page: '1' }, { token: admin.token });
    expect(outbox.message.data.find((m: { to: string }) => m.to === email)).toMatchObject({ status: 'failed', error: expect.stringContaining('mailbox unavailable'), sent_ms: null });
  });
});

describe('what staff open is audited', () => {
  it('records opening the outbox, a trader\'s profile and their uploaded image, with who and whom', async () => {
    const reviewer = await buildStaff(server, { role: 'reviewer' });
    const trader = await buildSignedInUser(server);

    const before = (await auditOf('view.outbox')).length;
    await server.call(calls.adminOutbox, { page: '2' }, { token: admin.token });
    expect(await auditOf('view.outbox')).toHaveLength(before + 1);
    expect((await auditOf('view.outbox')).at(-1)).toMatchObject({ staff_id: admin.id, subject: 'outbox' });

    await server.call(calls.adminUser, { id: trader.id.toString() }, { token: reviewer.token });
    expect(await auditOf('view.user')).toContainEqual(expect.objectContaining({ staff_id: reviewer.id, subject: `user:${trader.id}` }));

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'front.png');
    const uploaded = (await (await fetch(new URL(calls.upload.path, server.url), { method: 'POST', headers: { authorization: `Bearer ${trader.token}` }, body: form })).json()) as Answer<typeof calls.upload>;
    const link = uploadLink(uploaded.message);
    const image = await fetch(`${server.url}${pathOf(calls.adminUploadRead, link.params)}?${new URLSearchParams(link.form)}`, { headers: { authorization: `Bearer ${reviewer.token}` } });
    expect(image.status).toBe(200);
    const views = await auditOf('view.upload');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ staff_id: reviewer.id, subject: `user:${trader.id}` });
    expect(JSON.parse(views[0]!.detail)).toEqual({ upload: expect.stringMatching(/^[0-9a-f]{32}\.png$/) });
  });
});
