import type { Entity } from '../../language/index.js';
import { errorResponses } from './openapi-common.js';

type Doc = Record<string, unknown>;

const query = (name: string, schema: Doc, description: string): Doc => ({ name, in: 'query', required: false, schema, description });

/**
 * `GET /api/{module}/export`: the list's rows for its `q`, `filter`, `sort` and `order` (every row:
 * no page) as a CSV or XLSX attachment, named by the list's columns.
 */
export function exportOperationParts(entity: Entity, listParameters: Doc[]): { summary: string; parameters: Doc[]; responses: Doc } {
  const listed = listParameters.filter((p) => ['q', 'filter', 'sort', 'order'].includes(p.name as string));
  const binary = { type: 'string', format: 'binary' };
  return {
    summary: `Exporta a lista de ${entity.label.plural} (CSV ou XLSX)`,
    parameters: [
      { ...query('format', { enum: ['csv', 'xlsx'] }, 'csv: separado por `;`, UTF-8 com BOM, linhas CRLF; xlsx: planilha do Excel.'), required: true },
      ...listed,
    ],
    responses: {
      '200': {
        description: `Todas as linhas da lista para esses parâmetros, nas colunas da lista (${entity.list.columns.join(', ')}), como se leem: rótulos, Sim/Não, DD/MM/AAAA. Anexo \`${entity.label.plural} DD-MM-AAAA.csv\`.`,
        headers: { 'Content-Disposition': { schema: { type: 'string' } } },
        content: { 'text/csv': { schema: binary }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary } },
      },
      ...errorResponses('400', '401', '403'),
    },
  };
}
