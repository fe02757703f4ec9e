import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on an ephemeral port that keeps every message it accepts; recipients that
 * `refuse` names are turned away, as a mailbox that does not exist.
 */
export async function startSmtpServer(refuse: (address: string) => boolean = () => false) {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      callback(refuse(address.address) ? new Error('mailbox unavailable') : undefined);
    },
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        received.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => smtp.close() };
}
