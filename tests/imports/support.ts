import ExcelJS from 'exceljs';
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';

export { multipart } from '../files/support.js';

/** A CSV as a pt-BR spreadsheet saves it: `;` between values, a BOM, CRLF. */
export const csvOf = (rows: (string | number)[][]) => Buffer.from(`\uFEFF${rows.map((row) => row.map((v) => (String(v).includes(';') ? `"${v}"` : String(v))).join(';')).join('\r\n')}\r\n`);

/** An XLSX of one sheet with these rows (dates as spreadsheet dates). */
export async function xlsxOf(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pessoas');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The header and rows of an XLSX answered by the API. */
export async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Distinct valid CPFs, formatted. */
export function cpfs(n: number): string[] {
  const set = new Set<string>();
  while (set.size < n) set.add(formatCpf(generateCpf()));
  return [...set];
}

/** The columns every person row needs, in the template's words. */
export const PERSON_HEADERS = ['Nome', 'Nome abreviado', 'Tipo de parte', 'Data de nascimento', 'Gênero', 'Estado civil', 'Naturalidade', 'Nacionalidade', 'CPF', 'E-mails: E-mail', 'E-mails: Recebe notícias'];

/** A person's row under PERSON_HEADERS. */
export const personRow = (name: string, cpf: string, overrides: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = {
    Nome: name, 'Nome abreviado': name.split(' ')[0], 'Tipo de parte': 'Pessoa Física', 'Data de nascimento': '20/05/1990', Gênero: 'Feminino',
    'Estado civil': 'Solteiro(a)', Naturalidade: 'Brasília', Nacionalidade: 'Brasileira', CPF: cpf, 'E-mails: E-mail': '', 'E-mails: Recebe notícias': '', ...overrides,
  };
  return PERSON_HEADERS.map((h) => values[h]);
};
