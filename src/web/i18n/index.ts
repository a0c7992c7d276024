import polyglotI18nProvider from 'ra-i18n-polyglot';
import { raPortuguese } from './ra-pt-BR';

type Messages = Record<string, unknown>;

/** Deep merge of message bundles (later bundles win). */
export function mergeMessages(...bundles: Messages[]): Messages {
  const out: Messages = {};
  for (const bundle of bundles) {
    for (const [key, value] of Object.entries(bundle)) {
      const current = out[key];
      out[key] =
        value && typeof value === 'object' && current && typeof current === 'object'
          ? mergeMessages(current as Messages, value as Messages)
          : value;
    }
  }
  return out;
}

/** The only language of the product: pt-BR, react-admin's words plus the generated resource labels. */
export function createI18nProvider(resourceMessages: Messages) {
  const messages = mergeMessages(raPortuguese as Messages, resourceMessages);
  return polyglotI18nProvider(() => messages as any, 'pt-BR', [{ locale: 'pt-BR', name: 'Português (Brasil)' }], {
    allowMissing: true,
  });
}
