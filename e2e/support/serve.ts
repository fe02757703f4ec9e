/**
 * The server the browser tests drive: the real app on a fresh SQLite file in a temporary folder,
 * serving the built web app and sending its mail over SMTP to a real SMTP server started here,
 * whose received mail the tests read back (to type the codes a trader would copy from a mail).
 * A signed-in trader (10,000 USDT and 1 BTC in the spot wallet, 10,000 USDT in the contract
 * wallet, fund password 123456, a saved TRC20 address) is also made up front for tests of pages
 * behind the login, and deposits are open over TRC20 and Bitcoin (ERC20 left unconfigured).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { CURRENCY_IDS } from '@tidemark/protocol';
import { factories, loadConfig, startServer } from '@tidemark/server';
import { E2E_MAILBOX_PORT, E2E_PORT, E2E_SMTP_PORT, SESSION_FILE, STAFF_FILE, TOTP_FILE } from './paths';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}
const mails: ReceivedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        });
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));

const mailbox = http.createServer((request, response) => {
  const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to')?.toLowerCase();
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
});
await new Promise<void>((resolve) => mailbox.listen(E2E_MAILBOX_PORT, '127.0.0.1', resolve));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-e2e-'));
const server = await startServer(
  loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  }),
);
const trader = await factories.buildTrader(server, {
  email: 'e2e-trader@example.test',
  funds: [
    [BigInt(CURRENCY_IDS.USDT), '10000'],
    [BigInt(CURRENCY_IDS.BTC), '1'],
    // the contract page trades from the lever wallet
    [BigInt(CURRENCY_IDS.USDT), '10000', 'lever'],
  ],
});
// deposits open over TRC20 and Bitcoin; ERC20 stays unconfigured, as on a fresh install
await factories.openDeposits(server, ['Trc20', 'BTC']);
fs.mkdirSync(path.dirname(SESSION_FILE), { recursive: true });
fs.writeFileSync(SESSION_FILE, JSON.stringify({ token: trader.token, userId: trader.id.toString(), email: trader.email }));
// the staff console's tests: a reviewer with no TOTP set up yet, and a trader whose identity they review,
const reviewer = { email: 'e2e-reviewer@example.test', password: 'Reviewer-pass-1' };
await factories.buildStaff(server, { ...reviewer, role: 'reviewer' });
// and an administrator for the market settings
const admin = { email: 'e2e-admin@example.test', password: 'Admin-pass-12' };
await factories.buildStaff(server, { ...admin, role: 'admin' });
// and an administrator who invites a new staff member
const inviter = { email: 'e2e-inviter@example.test', password: 'Inviter-pass-1' };
await factories.buildStaff(server, { ...inviter, role: 'admin' });
const identityTrader = await factories.buildSignedInUser(server, { email: 'e2e-identity@example.test' });
// the two-person rule's test: two reviewers who are staff before the withdrawal they approve, and its trader
const firstApprover = { email: 'e2e-first-approver@example.test', password: 'First-pass-12' };
await factories.buildStaff(server, { ...firstApprover, role: 'reviewer' });
const secondApprover = { email: 'e2e-second-approver@example.test', password: 'Second-pass-12' };
await factories.buildStaff(server, { ...secondApprover, role: 'reviewer' });
const largeTrader = await factories.buildTrader(server, { email: 'e2e-large-withdrawal@example.test', funds: [[BigInt(CURRENCY_IDS.USDT), '5000']] });
fs.writeFileSync(
  STAFF_FILE,
  JSON.stringify({
    reviewer,
    admin,
    inviter,
    identityTrader: { token: identityTrader.token, email: identityTrader.email },
    firstApprover,
    secondApprover,
    largeTrader: { token: largeTrader.token, email: largeTrader.email, address: largeTrader.address.address, fundPassword: largeTrader.fundPassword },
  }),
);
// the authenticator's tests: a funded trader per project, who signs in with a password first
const totpTraders: Record<string, { email: string; password: string }> = {};
for (const project of ['desktop', 'mobile']) {
  const totpTrader = { email: `e2e-totp-${project}@example.test`, password: 'Totp-pass-1' };
  await factories.buildTrader(server, totpTrader);
  totpTraders[project] = totpTrader;
}
fs.writeFileSync(TOTP_FILE, JSON.stringify(totpTraders));

const stop = async () => {
  await server.close();
  smtp.close();
  mailbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
