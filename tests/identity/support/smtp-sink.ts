/**
 * A real SMTP server on loopback (port chosen by the system) that keeps every message it receives,
 * so a test can read the mail the application sent.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `address` received from now or already kept; rejects after `timeoutMs`. */
  next(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiting: { address: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') };
        messages.push(mail);
        for (const waiter of [...waiting]) {
          if (mail.to.includes(waiter.address)) {
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(to, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({ address, resolve: (mail) => { clearTimeout(timer); resolve(mail); } });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The recovery link in a raw message (quoted-printable soft breaks undone first). */
export function recoveryLink(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/[^\s"<>]+\/recuperar_senha\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no recovery link in:\n${raw}`);
  return match[0];
}
