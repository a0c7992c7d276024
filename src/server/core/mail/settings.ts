import { join } from 'node:path';

export interface MailSettings {
  /** SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`); null keeps every message in `outboxDir`. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of every message. */
  from: string;
  /** Where messages go when no SMTP server is configured: `DATA_DIR/outbox`. */
  outboxDir: string;
  /** APP_URL: the public address of the web client, for links in messages; null uses the request's origin. */
  appUrl: string | null;
}

/**
 * Reads the mail settings from the environment.
 * @example mailSettings({ SMTP_URL: 'smtp://127.0.0.1:2525' }, '/srv/data').smtpUrl // 'smtp://127.0.0.1:2525'
 */
export function mailSettings(env: NodeJS.ProcessEnv, dataDir: string): MailSettings {
  return {
    smtpUrl: env.SMTP_URL?.trim() || null,
    from: env.MAIL_FROM?.trim() || 'Conselho <nao-responda@localhost>',
    outboxDir: join(dataDir, 'outbox'),
    appUrl: env.APP_URL?.trim().replace(/\/+$/, '') || null,
  };
}
