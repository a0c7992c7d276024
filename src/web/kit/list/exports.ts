import type { SortPayload } from 'ra-core';

export type ExportFormat = 'csv' | 'xlsx';

/** What the list asks the data provider for to export its rows (the shell's provider has it: providers/files.ts). */
export interface ListExports {
  /**
   * The list's every row for its current filters, search and sort as a file (`GET /api/{module}/export`),
   * read as it arrives: `onProgress` hears the bytes received so far; `signal` cancels.
   */
  exportList(
    resource: string,
    params: { filter: Record<string, unknown>; sort: SortPayload },
    format: ExportFormat,
    options: { signal: AbortSignal; onProgress(bytes: number): void },
  ): Promise<{ blob: Blob; name: string | null }>;
}
