import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { calls, limits, rateLimits } from '@tidemark/protocol';
import { insertUpload } from '../src/modules/upload/queries';
import { readImage } from '../src/modules/upload/routes';
import { buildSignedInUser, buildStaff } from '../src/testing/factories';
import { captureMailer, malformed, pathOf, startTestServer, uploadLink, type Answer, type Form, type TestServer } from './harness';
import { startSmtpServer } from './smtp';

const mailer = captureMailer();
let server: TestServer;
let seq = 0;
const newEmail = () => `acct-${Date.now()}-${seq++}@example.test`;

beforeAll(async () => {
  server = await startTestServer({ mailer });
});
afterAll(() => server.close());

async function registered(overrides: { email?: string; password?: string; extension_code?: string } = {}) {
  const email = overrides.email ?? newEmail();
  const password = overrides.password ?? 'abc12345';
  await server.call(calls.smsMail, { user_string: email, lang: 'en' });
  const answer = await server.call(calls.userRegister, {
    type: 'email',
    user_string: email,
    password,
    re_password: password,
    code: mailer.lastCode(email),
    ...(overrides.extension_code ? { extension_code: overrides.extension_code } : {}),
  });
  expect(answer).toMatchObject({ type: 'ok', message: 'Registration successful' });
  return { email, password };
}

async function loggedIn(overrides: Parameters<typeof registered>[0] = {}) {
  const user = await registered(overrides);
  const login = await server.call(calls.userLogin, { user_string: user.email, password: user.password, type: '1' });
  return { ...user, token: login.message };
}

describe('register and log in', () => {
  it('registers with a mailed code, opens all four wallets in every currency, and logs in', async () => {
    const user = await loggedIn();
    const info = await server.call(calls.userInfo, {}, { token: user.token });
    expect(info).toMatchObject({
      type: 'ok',
      message: { email: user.email, review_status: 0, is_auth: 0, is_invee: 0, has_pay_password: 0, phone: null, is_seller: 0 },
    });
    expect(info.message.extension_code).toMatch(/^[A-Z2-9]{8}$/);
    const wallets = await server.db
      .selectFrom('account')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('user_id', '=', BigInt(info.message.id))
      .executeTakeFirstOrThrow();
    const currencies = await server.db.selectFrom('currency').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    expect(wallets.n).toBe(currencies.n * 4n);
    await server.expectLedgerSound();
  });

  it('writes the code mail in the language of the request', async () => {
    const email = newEmail();
    await server.call(calls.smsMail, { user_string: email }, { lang: 'jp' });
    expect(mailer.sent.at(-1)).toMatchObject({ to: email, subject: expect.stringContaining('認証コード') });
  });

  it('refuses a second code within 60 seconds, saying how long to wait', async () => {
    const email = newEmail();
    await server.call(calls.smsMail, { user_string: email });
    const again = await server.refused(calls.smsMail, { user_string: email });
    expect(again).toMatchObject({ type: 'error', code: 'code_resend_wait' });
    expect(again.message).toMatch(/wait (59|60) s/);
  });

  it.each([
    ['a weak password', { password: 'abcdefgh' }, 'password_weak'],
    ['a short password', { password: 'ab1' }, 'password_too_short'],
    ['a long password', { password: 'abc1234567890abcd' }, 'password_too_long'],
    ['different passwords', { re_password: 'other123' }, 'passwords_mismatch'],
    ['a bad invite code', { extension_code: 'NOPE2345' }, 'invite_code_invalid'],
    ['a wrong code', { code: 'wrong' }, 'code_wrong'],
    ['no code', { code: '' }, 'code_required'],
    ['a phone registration', { type: 'mobile' }, 'phone_codes_unavailable'],
  ])('refuses %s', async (_what, overrides: Record<string, string>, code) => {
    const email = newEmail();
    await server.call(calls.smsMail, { user_string: email });
    const form = {
      type: 'email',
      user_string: email,
      password: 'abc12345',
      re_password: overrides.password ?? 'abc12345',
      code: mailer.lastCode(email),
      ...overrides,
    };
    if (form.code === 'wrong') form.code = String((Number(mailer.lastCode(email)) + 1) % 1_000_000).padStart(6, '0');
    expect(await server.refused(calls.userRegister, form)).toMatchObject({ type: 'error', code });
  });

  it('refuses a code sent for another address and an unknown invitee e-mail format', async () => {
    const a = newEmail();
    const b = newEmail();
    await server.call(calls.smsMail, { user_string: a });
    const answer = await server.refused(calls.userRegister, {
      user_string: b,
      password: 'abc12345',
      re_password: 'abc12345',
      code: mailer.lastCode(a),
    });
    expect(answer).toMatchObject({ type: 'error', code: 'code_wrong' });
    expect(await server.refused(calls.smsMail, { user_string: 'not-an-email' })).toMatchObject({ code: 'email_invalid' });
  });

  it('refuses an expired code', async () => {
    const email = newEmail();
    await server.call(calls.smsMail, { user_string: email });
    await server.db.updateTable('verification_code').set({ expires_at_ms: BigInt(Date.now() - 1) }).where('target', '=', email).execute();
    const answer = await server.refused(calls.userRegister, {
      user_string: email,
      password: 'abc12345',
      re_password: 'abc12345',
      code: mailer.lastCode(email),
    });
    expect(answer).toMatchObject({ type: 'error', code: 'code_expired', message: 'The verification code has expired, please request a new one' });
  });

  it('burns a code after five wrong tries, even the right code after that', async () => {
    const email = newEmail();
    await server.call(calls.smsMail, { user_string: email });
    const right = mailer.lastCode(email);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const attempt = (code: string) =>
      server.refused(calls.userRegister, { user_string: email, password: 'abc12345', re_password: 'abc12345', code });
    for (let i = 1; i < limits.codeTriesMax; i++) expect(await attempt(wrong)).toMatchObject({ code: 'code_wrong' });
    expect(await attempt(wrong)).toMatchObject({ code: 'code_too_many_tries' });
    expect(await attempt(right)).toMatchObject({ code: 'code_too_many_tries' });
  });

  it('marks an invited trader as invitee and links the inviter', async () => {
    const inviter = await loggedIn();
    const inviterInfo = await server.call(calls.userInfo, {}, { token: inviter.token });
    const invitee = await loggedIn({ extension_code: inviterInfo.message.extension_code.toLowerCase() });
    const info = await server.call(calls.userInfo, {}, { token: invitee.token });
    expect(info.message.is_invee).toBe(1);
    const row = await server.db.selectFrom('user').select('parent_id').where('email', '=', invitee.email).executeTakeFirstOrThrow();
    expect(row.parent_id).toBe(BigInt(inviterInfo.message.id));
  });

  it('answers the same for an unknown account and a wrong password', async () => {
    const user = await registered();
    const wrongPassword = await server.refused(calls.userLogin, { user_string: user.email, password: 'nope12345' }, { lang: 'zh' });
    const unknown = await server.refused(calls.userLogin, { user_string: newEmail(), password: 'nope12345' }, { lang: 'zh' });
    expect(wrongPassword).toEqual({ type: 'error', code: 'login_failed', message: '账号或密码错误' });
    expect(unknown).toEqual(wrongPassword);
  });

  it('ends the session at logout: the token then answers 999', async () => {
    const user = await loggedIn();
    await server.call(calls.userLogout, {}, { token: user.token });
    expect(await server.refused(calls.userInfo, {}, { token: user.token })).toMatchObject({ type: '999' });
  });

  it('rate-limits code mails per IP', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await server.attempt(calls.smsMail, { user_string: newEmail() }, { ip: '203.0.113.20' }));
    expect(answers.slice(0, 20).every((a) => a.type === 'ok')).toBe(true);
    expect(answers[20]).toMatchObject({ type: 'error', code: 'rate_limited' });
  });

  it('says plainly that phone codes are not available', async () => {
    expect(await server.refused(calls.smsSend, { user_string: '13800000000' }, { lang: 'hk' })).toEqual({
      type: 'error',
      code: 'phone_codes_unavailable',
      message: '暫不支援手機驗證碼，請使用郵箱',
    });
    expect(await server.refused(calls.userCheckMobile, { mobile_code: '123456' })).toMatchObject({ code: 'phone_codes_unavailable' });
  });

  it('lists countries with their area codes', async () => {
    const answer = await server.call(calls.commonCountries);
    expect(answer.message).toContainEqual({ country_id: expect.any(Number), area_code: '86', name_en: 'China', iso: 'CN' });
  });
});

describe('passwords', () => {
  it('resets a forgotten password: check first, then reset, which ends every session', async () => {
    const user = await loggedIn();
    await server.call(calls.smsMail, { user_string: user.email, type: 'forget' });
    const code = mailer.lastCode(user.email);
    await server.call(calls.userCheckEmail, { email_code: code, user_string: user.email });
    await server.call(calls.userForget, { account: user.email, password: 'new12345', repassword: 'new12345', code });
    expect(await server.refused(calls.userInfo, {}, { token: user.token })).toMatchObject({ type: '999' });
    expect(await server.refused(calls.userLogin, { user_string: user.email, password: user.password })).toMatchObject({ code: 'login_failed' });
    await server.call(calls.userLogin, { user_string: user.email, password: 'new12345' });
    // the code is used up
    const replay = await server.refused(calls.userForget, { account: user.email, password: 'again123', repassword: 'again123', code });
    expect(replay).toMatchObject({ type: 'error', code: 'code_wrong' });
  });

  it('answers a forgotten-password mail for an unknown address as for a known one, mailing nothing', async () => {
    const known = await registered();
    const unknown = newEmail();
    const ask = (email: string) => server.attempt(calls.smsMail, { user_string: email, type: 'forget' });
    expect(await ask(unknown)).toEqual(await ask(known.email));
    expect(mailer.sent.filter((m) => m.to === unknown)).toEqual([]);
    // the resend wait and the code checks go alike too
    expect(await ask(unknown)).toMatchObject({ code: 'code_resend_wait' });
    expect(await ask(known.email)).toMatchObject({ code: 'code_resend_wait' });
    const check = (email: string) => server.refused(calls.userCheckEmail, { email_code: '123456', user_string: email });
    for (let i = 1; i < limits.codeTriesMax; i++) expect(await check(unknown)).toMatchObject({ code: 'code_wrong' });
    expect(await check(unknown)).toMatchObject({ code: 'code_too_many_tries' });
  });

  it('changes the password: the old one must be right, the new one different; every session ends, this one too', async () => {
    const user = await loggedIn();
    const other = (await server.call(calls.userLogin, { user_string: user.email, password: user.password })).message;
    const change = (form: Form<typeof calls.userChangePassword>) => server.attempt(calls.userChangePassword, { type: '1', ...form }, { token: user.token });
    expect(await change({ old_password: 'wrong999', password: 'next1234', re_password: 'next1234' })).toMatchObject({ code: 'old_password_wrong' });
    expect(await change({ old_password: user.password, password: user.password, re_password: user.password })).toMatchObject({
      code: 'password_same_as_old',
    });
    expect(await change({ old_password: user.password, password: 'next1234', re_password: 'next1234' })).toMatchObject({ type: 'ok' });
    expect(await server.refused(calls.userInfo, {}, { token: other })).toMatchObject({ type: '999' });
    expect(await server.refused(calls.userInfo, {}, { token: user.token })).toMatchObject({ type: '999' });
    await server.call(calls.userLogin, { user_string: user.email, password: 'next1234' });
  });

  it('sets a 6-digit fund password with the login password and a mailed code', async () => {
    const user = await loggedIn();
    expect(await server.call(calls.userHasPassword, malformed({ currency: '3' }), { token: user.token })).toEqual({ type: 'ok', message: 2 });
    await server.call(calls.userPayPasswordCode, {}, { token: user.token });
    const code = mailer.lastCode(user.email);
    const set = (form: Form<typeof calls.userPayPassword>) => server.attempt(calls.userPayPassword, form, { token: user.token });
    expect(await set({ password: user.password, pay_password: '12345', re_pay_password: '12345', code })).toMatchObject({
      code: 'pay_password_invalid',
    });
    expect(await set({ password: 'wrong999', pay_password: '123456', re_pay_password: '123456', code })).toMatchObject({
      code: 'old_password_wrong',
    });
    expect(await set({ password: user.password, pay_password: '123456', re_pay_password: '123456', code })).toMatchObject({ type: 'ok' });
    expect(await server.call(calls.userHasPassword, {}, { token: user.token })).toEqual({ type: 'ok', message: 1 });
  });
});

describe('no enumeration, and staff credentials are the console’s alone', () => {
  it('answers a registration mail for a taken address as for a new one, mailing the owner instead of a code', async () => {
    const owner = await registered();
    // past the resend wait of the code the owner registered with
    await server.db.updateTable('verification_code').set({ created_at_ms: 0n }).where('target', '=', owner.email).execute();
    const fresh = newEmail();
    const before = mailer.sent.length;
    const ask = (email: string) => server.call(calls.smsMail, { user_string: email }, { lang: 'en' });
    expect(await ask(owner.email)).toEqual(await ask(fresh));
    const toOwner = mailer.sent.slice(before).filter((m) => m.to === owner.email);
    expect(toOwner).toEqual([{ to: owner.email, subject: 'Tidemark: you already have an account', text: expect.not.stringMatching(/\b\d{6}\b/) }]);
    // the code is checked before the address: a taken address is a wrong code, not `account_exists`
    const register = (email: string, code: string) => server.refused(calls.userRegister, { user_string: email, password: 'abc12345', re_password: 'abc12345', code });
    const wrongCode = String((Number(mailer.lastCode(fresh)) + 1) % 1_000_000).padStart(6, '0');
    expect(await register(owner.email, wrongCode)).toMatchObject({ type: 'error', code: 'code_wrong' });
    expect(await register(owner.email, wrongCode)).toEqual(await register(fresh, wrongCode));
  });

  it('treats a staff address like an unknown one: no code, no reset, nothing changed', async () => {
    const staff = await buildStaff(server, { role: 'reviewer', password: 'Console-pass-1' });
    const unknown = newEmail();
    const before = mailer.sent.length;
    const alike = async <T>(ask: (user_string: string) => Promise<T>) => {
      const [a, b] = [await ask(staff.email), await ask(unknown)];
      expect(a).toEqual(b);
      return a;
    };
    await alike((user_string) => server.call(calls.smsMail, { type: 'forget', user_string }));
    await alike((user_string) => server.call(calls.smsMail, { user_string }));
    expect(await alike((user_string) => server.refused(calls.userCheckEmail, { email_code: '123456', user_string }))).toMatchObject({ code: 'code_wrong' });
    expect(mailer.sent.slice(before).filter((m) => m.to === staff.email)).toEqual([]);
    const reset = await server.refused(calls.userForget, { account: staff.email, password: 'abc123', repassword: 'abc123', code: '123456' });
    expect(reset).toMatchObject({ type: 'error', code: 'code_wrong' });
    expect(await server.refused(calls.userRegister, { user_string: staff.email, password: 'abc12345', re_password: 'abc12345', code: '123456' })).toMatchObject({
      code: 'code_wrong',
    });
    // the console password and sessions are untouched
    await server.call(calls.adminMe, {}, { token: staff.token });
    await server.call(calls.adminLogin, { email: staff.email, password: 'Console-pass-1' });
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// each upload from its own address, so the per-address upload budget only bites where a test means it to
let uploadSeq = 0;
async function upload(token: string, bytes: Buffer, filename: string, type = 'image/png', ip = `192.0.2.${(uploadSeq += 1) % 250}`) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': ip };
  const response = await fetch(new URL(calls.upload.path, server.url), { method: 'POST', headers, body: form });
  return (await response.json()) as Answer<typeof calls.upload>;
}


describe('uploads and identity', () => {
  it('takes a PNG, serves it to its owner and to staff only', async () => {
    const owner = await buildSignedInUser(server);
    const stranger = await buildSignedInUser(server);
    const answer = await upload(owner.token, PNG, 'front.png');
    expect(answer).toMatchObject({ type: 'ok', message: expect.stringMatching(/^\/api\/upload\/[0-9a-f]{32}\.png\?expires=\d+&sig=[\w-]+$/) });
    const mine = await fetch(`${server.url}${answer.message}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(PNG);
    const { params, form } = uploadLink(answer.message);
    expect(await server.refused(calls.uploadRead, form, { token: stranger.token, params })).toMatchObject({ code: 'upload_not_found' });
    expect(await server.refused(calls.uploadRead, {}, { params })).toMatchObject({ type: '999' });
    // staff see it through the console, with a staff session
    const staff = await buildStaff(server);
    expect(await server.refused(calls.uploadRead, {}, { token: staff.token, params })).toMatchObject({ type: '999' });
    const staffView = await fetch(`${server.url}${pathOf(calls.adminUploadRead, params)}?${new URLSearchParams(form)}`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(staffView.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await staffView.arrayBuffer())).toEqual(PNG);
  });

  it('judges by content: a renamed text file is refused', async () => {
    const user = await buildSignedInUser(server);
    expect(await upload(user.token, Buffer.from('just some text, not a picture'), 'photo.jpg', 'image/jpeg')).toMatchObject({
      type: 'error',
      code: 'upload_type',
    });
  });

  it('refuses an image over 4 MB, even one byte over, and stores nothing of it', async () => {
    const user = await buildSignedInUser(server);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(user.token, big, 'big.png')).toMatchObject({ type: 'error', code: 'upload_too_large', message: 'The image may be at most 4 MB' });
    const justOver = Buffer.concat([PNG, Buffer.alloc(limits.uploadIdentityBytesMax + 1 - PNG.length)]);
    expect(await upload(user.token, justOver, 'over.png')).toMatchObject({ code: 'upload_too_large' });
    expect(await server.db.selectFrom('upload').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('refuses a file the multipart stream cut at the limit without an error (its truncated flag)', async () => {
    const cut = { toBuffer: async () => Buffer.concat([PNG, Buffer.alloc(limits.uploadIdentityBytesMax - PNG.length)]), file: { truncated: true } };
    const request = { file: async () => cut } as unknown as FastifyRequest;
    await expect(readImage(request)).rejects.toMatchObject({ code: 'upload_too_large' });
  });

  it('keeps each user within an upload quota and an upload rate', async () => {
    const full = await buildSignedInUser(server);
    const usage = { userId: full.id, mime: 'image/png' as const, createdAtMs: server.clock() };
    await insertUpload(server.db, { ...usage, name: `${'a'.repeat(31)}1.png`, sizeBytes: limits.uploadBytesPerUserMax - 10 });
    expect(await upload(full.token, PNG, 'one-too-many.png')).toEqual({
      type: 'error',
      code: 'upload_quota',
      message: 'You have reached your upload limit (100 images, 64 MB); please contact support',
    });
    const busy = await buildSignedInUser(server);
    const answers = [];
    for (let i = 0; i <= rateLimits.upload.perAccount.max; i += 1) answers.push(await upload(busy.token, pngOf(`busy${i}`), 'b.png'));
    expect(answers.slice(0, -1).every((a) => a.type === 'ok')).toBe(true);
    expect(answers.at(-1)).toMatchObject({ code: 'rate_limited' });
  });

  it('serves an upload as the image it is: its type, nosniff, inline under its stored name', async () => {
    const user = await buildSignedInUser(server);
    const url = (await upload(user.token, PNG, 'x"; evil=.html', 'text/html')).message;
    const served = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe(`inline; filename="${url.split('?')[0]!.split('/').pop()}"`);
  });

  it('refuses one image sent as two identity photos, by URL or by content', async () => {
    const user = await buildSignedInUser(server);
    const form = await identityForm(user.token);
    const sameUrl = { ...form, hand_pic: form.front_pic };
    expect(await server.refused(calls.userRealName, sameUrl, { token: user.token })).toMatchObject({ code: 'identity_photos_repeated' });
    const again = (await upload(user.token, pngOf('f'), 'again.png')).message;
    expect(await server.refused(calls.userRealName, { ...form, reverse_pic: again }, { token: user.token })).toMatchObject({
      code: 'identity_photos_repeated',
      message: 'Please upload a different image for each identity photo',
    });
    expect((await server.call(calls.userCenter, {}, { token: user.token })).message.review_status).toBe(0);
  });

  it.each(["O'Neil", 'Jean-Luc Picard', 'José Núñez', '张三', '阿·布', 'J. R. Tolkien'])('takes the name %s', async (name) => {
    const user = await buildSignedInUser(server);
    await server.call(calls.userRealName, { ...(await identityForm(user.token)), name }, { token: user.token });
  });

  /** a PNG with bytes of its own after the image's end, so each is a different file */
  const pngOf = (tag: string) => Buffer.concat([PNG, Buffer.from(tag)]);

  async function identityForm(token: string, card_id = `ID${Date.now()}${seq++}`) {
    const [front_pic, reverse_pic, hand_pic] = await Promise.all(['f', 'r', 'h'].map(async (n) => (await upload(token, pngOf(n), `${n}.png`)).message));
    return { name: ' Ada  Lovelace ', card_id, front_pic: front_pic!, reverse_pic: reverse_pic!, hand_pic: hand_pic! };
  }

  it('takes an identity into review once, strips spaces, and lets staff verify it', async () => {
    const user = await buildSignedInUser(server);
    const form = await identityForm(user.token);
    expect(await server.call(calls.userRealName, form, { token: user.token })).toMatchObject({ type: 'ok', message: 'Submitted, awaiting review' });
    expect(await server.call(calls.userCenter, {}, { token: user.token })).toEqual({ type: 'ok', message: { review_status: 1 } });
    const row = await server.db.selectFrom('identity').select(['name', 'card_id']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('AdaLovelace');
    expect(await server.refused(calls.userRealName, form, { token: user.token })).toMatchObject({ code: 'identity_already_submitted' });
  });

  it.each([
    ['a name with digits', { name: 'R2D2' }, 'name_invalid'],
    ['a name with markup', { name: '<b>Ada</b>' }, 'name_invalid'],
    ['a name of marks only', { name: "-'." }, 'name_invalid'],
    ['a name with symbols', { name: 'Ada_Lovelace;' }, 'name_invalid'],
    ['an ID with Chinese characters', { card_id: '身份1234' }, 'card_id_invalid'],
    ['a missing image', { hand_pic: '' }, 'upload_missing'],
    ['an image of someone else', { front_pic: 'stranger' }, 'upload_not_found'],
  ])('refuses %s', async (_what, overrides: Record<string, string>, code) => {
    const user = await buildSignedInUser(server);
    const form = { ...(await identityForm(user.token)), ...overrides };
    if (overrides.front_pic === 'stranger') {
      const stranger = await buildSignedInUser(server);
      form.front_pic = (await upload(stranger.token, PNG, 'x.png')).message;
    }
    expect(await server.refused(calls.userRealName, form, { token: user.token })).toMatchObject({ type: 'error', code });
    expect((await server.call(calls.userCenter, {}, { token: user.token })).message.review_status).toBe(0);
  });

  it('lets staff approve or reject, audited, and refuses an ID verified for someone else', async () => {
    const { reviewIdentity } = await import('../src/modules/identity/service');
    const staff = await buildStaff(server);
    const first = await buildSignedInUser(server);
    const cardId = `CARD${Date.now()}`;
    await server.call(calls.userRealName, await identityForm(first.token, cardId), { token: first.token });
    await reviewIdentity(server.db, { staffId: staff.id, userId: first.id, approve: true }, server.clock());
    expect(await server.call(calls.userInfo, {}, { token: first.token })).toMatchObject({ message: { review_status: 2, is_auth: 1 } });

    const second = await buildSignedInUser(server);
    expect(await server.refused(calls.userRealName, await identityForm(second.token, cardId.toLowerCase()), { token: second.token })).toMatchObject({
      code: 'id_already_verified',
    });

    const third = await buildSignedInUser(server);
    await server.call(calls.userRealName, await identityForm(third.token), { token: third.token });
    await reviewIdentity(server.db, { staffId: staff.id, userId: third.id, approve: false, note: 'blurry photo' }, server.clock());
    expect((await server.call(calls.userCenter, {}, { token: third.token })).message.review_status).toBe(3);
    // rejected: may submit again
    await server.call(calls.userRealName, await identityForm(third.token), { token: third.token });
    await expect(reviewIdentity(server.db, { staffId: first.id, userId: third.id, approve: true }, server.clock())).rejects.toThrow(/staff/);

    const audit = await server.db.selectFrom('audit_log').select(['action', 'subject']).where('staff_id', '=', staff.id).execute();
    expect(audit).toEqual([
      { action: 'identity.approve', subject: `user:${first.id}` },
      { action: 'identity.reject', subject: `user:${third.id}` },
    ]);
  });
});

describe('invitee survey', () => {
  it('takes the nine answers with a code mailed to the stored e-mail, once', async () => {
    const inviter = await loggedIn();
    const code = (await server.call(calls.userInfo, {}, { token: inviter.token })).message.extension_code;
    const invitee = await loggedIn({ extension_code: code });
    await server.call(calls.smsMailInvee, malformed({ user_string: invitee.email, type: 'investee' }), { token: invitee.token });
    const mailed = mailer.lastCode(invitee.email);
    const submit = (answers: string) => server.attempt(calls.userInveeSurvey, { code: mailed, answers }, { token: invitee.token });
    expect(await submit('a,b,c')).toMatchObject({ code: 'survey_incomplete' });
    expect(await submit('a,b,c,d,a,b,c,d,a')).toMatchObject({ type: 'ok' });
    expect((await server.call(calls.userInfo, {}, { token: invitee.token })).message.is_invee).toBe(0);
    expect(await submit('a,b,c,d,a,b,c,d,a')).toMatchObject({ code: 'survey_not_invited' });
  });

  it('has no survey for a trader who was not invited', async () => {
    const user = await loggedIn();
    expect(await server.refused(calls.smsMailInvee, {}, { token: user.token })).toMatchObject({ code: 'survey_not_invited' });
  });
});

describe('mail over SMTP', () => {
  it('delivers the code through SMTP_URL and keeps it in the outbox', async () => {
    const smtp = await startSmtpServer();
    const { received } = smtp;
    const mailServer = await startTestServer({ env: { SMTP_URL: smtp.url } });
    try {
      const email = newEmail();
      await mailServer.call(calls.smsMail, { user_string: email });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/Your registration code is \d{6}/);
      const outbox = await mailServer.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(outbox).toMatchObject({ to_address: email });
      expect(outbox.sent_at_ms).not.toBeNull();
    } finally {
      await mailServer.close();
      smtp.close();
    }
  });
});
