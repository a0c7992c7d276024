/** What a certificate states, as a person reads it: its text with the placeholders filled, the masked tax id. */
import { formatCpf, formatCnpj } from './tax-id.js';

export const KIND_LABELS: Record<string, string> = { regularidade: 'Certidão de regularidade', carteira: 'Carteira de registro' };

export interface Holder {
  name: string;
  taxId: string | null;
  registrationNumber: string | null;
  category: string | null;
  situation: string | null;
}

/** `2026-11-27` → `27/11/2026`. */
export const dateBr = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** A CPF or CNPJ as the certificate prints it in full. */
export function taxIdText(taxId: string | null): string {
  const digits = (taxId ?? '').replace(/\D/g, '');
  if (digits.length === 11) return formatCpf(digits);
  if (digits.length === 14) return formatCnpj(digits);
  return taxId ?? '';
}

/**
 * The tax id as the public page shows it: a CPF's middle digits only (`***.456.789-**`), a CNPJ's
 * company digits only (`**.345.678/****-**`), so the page confirms a document in hand without giving it away.
 */
export function maskedTaxId(taxId: string | null): string | null {
  const digits = (taxId ?? '').replace(/\D/g, '');
  if (digits.length === 11) return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
  if (digits.length === 14) return `**.${digits.slice(2, 5)}.${digits.slice(5, 8)}/****-**`;
  return null;
}

/** The template's text with each known placeholder filled; an unknown one stays as written. */
export function fillBody(body: string, holder: Holder, issuedOn: string, validUntil: string): string {
  const values: Record<string, string> = {
    nome: holder.name,
    cpf: taxIdText(holder.taxId),
    cnpj: taxIdText(holder.taxId),
    numero_inscricao: holder.registrationNumber ?? '',
    categoria: holder.category ?? '',
    situacao: holder.situation ?? '',
    data_emissao: dateBr(issuedOn),
    validade: dateBr(validUntil),
  };
  return body.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
