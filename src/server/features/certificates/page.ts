/**
 * The public verification page (`/verificar/{code}`): plain HTML, no script, readable on a phone,
 * showing what the certificate states and its status, or that no certificate has that code.
 */
import type { PublicStatement } from './certificates.js';
import { dateBr } from './statement.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{margin:0;font-family:Roboto,"Segoe UI",Arial,sans-serif;background:#f4f6f8;color:#1f2933}
main{max-width:640px;margin:0 auto;padding:24px 16px}
h1{font-size:1.5rem;margin:0 0 16px}
.card{background:#fff;border:1px solid #d9dee3;border-radius:8px;padding:20px}
.status{display:inline-block;font-size:1.25rem;font-weight:700;padding:6px 14px;border-radius:6px;margin:0 0 16px}
.valida{background:#e3f4e8;color:#1b5e20}.expirada{background:#fff4e0;color:#8a4b00}.revogada{background:#fdecea;color:#a4161a}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0}
dt{font-weight:600;color:#52606d}dd{margin:0;overflow-wrap:anywhere}
p.note{font-size:.875rem;color:#52606d;margin:16px 0 0}
@media (max-width:480px){dl{grid-template-columns:1fr}dd{margin-bottom:6px}}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const STATUS_NOTES: Record<string, string> = {
  valida: 'Esta certidão foi emitida pelo conselho e está dentro da validade.',
  expirada: 'Esta certidão foi emitida pelo conselho, mas sua validade terminou.',
  revogada: 'Esta certidão foi revogada pelo conselho e não tem mais valor.',
};

export function statementPage(statement: PublicStatement): string {
  const rows: [string, string | null][] = [
    ['Certidão', statement.title],
    ['Tipo', statement.kind_label],
    ['Titular', statement.holder_name],
    [statement.holder_tax_id?.includes('/') ? 'CNPJ' : 'CPF', statement.holder_tax_id],
    ['Número de inscrição', statement.registration_number],
    ['Emitida em', statement.issued_on ? dateBr(statement.issued_on) : null],
    ['Válida até', statement.valid_until ? dateBr(statement.valid_until) : null],
    ['Código', statement.code],
  ];
  const list = rows.filter(([, value]) => value).map(([label, value]) => `<dt>${escape(label)}</dt><dd>${escape(value!)}</dd>`).join('');
  return page(`Certidão ${statement.status_label}`, `<h1>Verificação de certidão</h1><section class="card" aria-label="Certidão"><p class="status ${statement.status}" role="status">${escape(statement.status_label)}</p><dl>${list}</dl><p class="note">${escape(STATUS_NOTES[statement.status])}</p></section>`);
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>Verificação de certidão</h1><section class="card"><p class="status revogada" role="status">${escape(title)}</p><p>${escape(message)}</p></section>`);
}
