import type { PostalCodeSettings } from '../../core/config.js';
import { guardedGet } from '../../core/net/get.js';

/** An address as a provider gives it, in the product's words. */
export interface ProviderAddress {
  /** The federative unit's initials (`SP`). */
  uf: string;
  /** The municipality's IBGE code (ViaCEP's `ibge`); null from a provider that gives none (BrasilAPI v1). */
  ibgeCode: number | null;
  city: string;
  neighborhood: string | null;
  street: string | null;
  complement: string | null;
}

/** What a provider said of a code: its address, or that no such code exists. */
export type ProviderAnswer = { found: true; address: ProviderAddress } | { found: false };

/** A provider that could not say (down, slow, an answer it does not give); the next one is asked. */
export class ProviderFailure extends Error {}

export interface PostalCodeProvider {
  /** `viacep`, `brasilapi`: kept beside a cached answer and named in the log when it fails. */
  name: string;
  /** Asks for one code (its 8 digits); rejects when the provider could not answer. */
  lookUp(digits: string, signal: AbortSignal): Promise<ProviderAnswer>;
}

/** An answer is small (a few hundred bytes): anything much larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;
const USER_AGENT = 'conselho-backoffice-cep/1.0';
const UF = /^[A-Z]{2}$/;

/** The providers the settings name, in the order they are asked: ViaCEP, then BrasilAPI. */
export function postalCodeProviders(settings: PostalCodeSettings): PostalCodeProvider[] {
  return [settings.viaCepUrl ? viaCep(settings.viaCepUrl) : null, settings.brasilApiUrl ? brasilApi(settings.brasilApiUrl) : null].filter((p) => p !== null);
}

/**
 * ViaCEP: `{base}/ws/{cep}/json/` answers `{cep, logradouro, complemento, bairro, localidade, uf, ibge, …}`,
 * `{erro: true}` for a code that does not exist, and 400 for one it cannot read.
 */
export function viaCep(base: string): PostalCodeProvider {
  return {
    name: 'viacep',
    async lookUp(digits, signal) {
      const { status, json } = await getJson(`${base}/ws/${digits}/json/`, signal, [200, 400]);
      if (status === 400 || json.erro === true || json.erro === 'true') return { found: false };
      const uf = text(json.uf);
      const city = text(json.localidade);
      if (!uf || !UF.test(uf) || !city) throw new ProviderFailure('a resposta não traz UF e município');
      const ibge = text(json.ibge);
      return {
        found: true,
        address: { uf, city, ibgeCode: ibge && /^\d{7}$/.test(ibge) ? Number(ibge) : null, neighborhood: text(json.bairro), street: text(json.logradouro), complement: text(json.complemento) },
      };
    },
  };
}

/**
 * BrasilAPI (v1): `{base}/api/cep/v1/{cep}` answers `{cep, state, city, neighborhood, street, service}`,
 * and 404 for a code that does not exist. It gives no IBGE code: the municipality is matched by name.
 */
export function brasilApi(base: string): PostalCodeProvider {
  return {
    name: 'brasilapi',
    async lookUp(digits, signal) {
      const { status, json } = await getJson(`${base}/api/cep/v1/${digits}`, signal, [200, 404]);
      if (status === 404) return { found: false };
      const uf = text(json.state);
      const city = text(json.city);
      if (!uf || !UF.test(uf) || !city) throw new ProviderFailure('a resposta não traz UF e município');
      return { found: true, address: { uf, city, ibgeCode: null, neighborhood: text(json.neighborhood), street: text(json.street), complement: null } };
    },
  };
}

/** A GET whose status is one of `expected` and whose body is a JSON object (any body for a status other than 200). */
async function getJson(url: string, signal: AbortSignal, expected: number[]): Promise<{ status: number; json: Record<string, unknown> }> {
  const answer = await guardedGet(url, { signal, maxBytes: MAX_ANSWER_BYTES, headers: { 'user-agent': USER_AGENT } });
  if (!expected.includes(answer.status)) throw new ProviderFailure(`HTTP ${answer.status}`);
  if (answer.status !== 200) return { status: answer.status, json: {} };
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new ProviderFailure('a resposta não é JSON');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new ProviderFailure('a resposta não é um objeto JSON');
  return { status: answer.status, json: json as Record<string, unknown> };
}

/** A provider's text, trimmed and cut at 255 characters; null when absent or blank. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, 255);
}
