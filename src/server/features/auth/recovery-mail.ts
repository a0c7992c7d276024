import type { MailMessage } from '../../core/mail/mailer.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The recovery message, in pt-BR, as text and HTML. */
export function recoveryMail(to: string, name: string, link: string, ttlMinutes: number): MailMessage {
  const greeting = `Olá, ${name}!`;
  const lines = [
    'Recebemos um pedido para redefinir a senha da sua conta.',
    `Para escolher uma nova senha, acesse o link abaixo (válido por ${ttlMinutes} minutos e por um único uso):`,
  ];
  const closing = 'Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.';
  return {
    to,
    subject: 'Recuperação de senha',
    text: [greeting, '', ...lines, '', link, '', closing].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}`
      + `<p><a href="${escapeHtml(link)}">Redefinir minha senha</a></p><p>${escapeHtml(link)}</p><p>${escapeHtml(closing)}</p>`,
  };
}
