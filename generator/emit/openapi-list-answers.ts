/** What a module's list answer carries beside `data` and `meta` in the OpenAPI document. */
type Doc = Record<string, unknown>;

/**
 * Keys a module's list answer carries beside `data` and `meta`, added by its feature's read hook
 * (src/server/core/resources/read-hooks.ts `answer`), given the module's record schema.
 */
export const LIST_ANSWER_KEYS: Record<string, (record: Doc) => Record<string, Doc>> = {
  configuracao_arrecadacao: (record) => ({
    current_config: { description: 'A configuração em vigor hoje (America/Sao_Paulo), ou null antes da primeira (docs/FINANCE.md)', anyOf: [record, { type: 'null' }] },
  }),
};
