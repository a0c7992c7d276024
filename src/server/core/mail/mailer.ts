import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailSettings } from './settings.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Delivers one message; resolves with where it went (the SMTP answer or the .eml path). */
  send(message: MailMessage): Promise<string>;
}

type Log = (message: string) => void;

/**
 * SMTP when SMTP_URL is set; otherwise each message is written, complete, as an .eml file in the
 * outbox folder (any mail client opens it) and its path is logged, so a fresh install needs no server.
 */
export function createMailer(settings: MailSettings, log: Log = (line) => console.log(line)): Mailer {
  if (settings.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(settings.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: settings.from, ...message });
        return String(info.response ?? info.messageId);
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: settings.from, ...message });
      await mkdir(settings.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const path = join(settings.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Written under another name, then renamed: whoever lists the outbox never opens half a message.
      await writeFile(`${path}.part`, info.message as Buffer);
      await rename(`${path}.part`, path);
      log(`E-mail para ${message.to} guardado em ${path} (SMTP_URL não configurado).`);
      return path;
    },
  };
}
