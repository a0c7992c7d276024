import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** The minimal pages the browser figures compare the product with, each an entry of one Vite build. */
const PAGES: Record<string, string> = {
  // Figure 5: the smallest eager react-admin app, a guessed list of one resource.
  'ra-minimal': `
import { createRoot } from 'react-dom/client';
import { Admin, Resource, ListGuesser } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={simpleRestProvider('/api')}><Resource name="x" list={ListGuesser} /></Admin>,
);`,
  // Figure 6 baseline: the same 100 rows fetched and drawn on a plain MUI Table.
  'mui-table': `
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
type Row = { id: number; denomination: string; inactivated: boolean };
function Page() {
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => { fetch('/api/estados_civis').then((r) => r.json()).then(setRows); }, []);
  return (
    <Table size="small">
      <TableHead><TableRow><TableCell>ID</TableCell><TableCell>Denominação</TableCell><TableCell>Inativo</TableCell></TableRow></TableHead>
      <TableBody>{rows.map((r) => (
        <TableRow key={r.id} hover><TableCell>{r.id}</TableCell><TableCell>{r.denomination}</TableCell><TableCell>{r.inactivated ? 'Sim' : 'Não'}</TableCell></TableRow>
      ))}</TableBody>
    </Table>
  );
}
createRoot(document.getElementById('root')!).render(<Page />);`,
  // Figure 6 reference: react-admin's default DataTable on the same rows.
  'ra-datatable': `
import { createRoot } from 'react-dom/client';
import { Admin, Resource, List, DataTable, BooleanField } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
const CivilStatuses = () => (
  <List perPage={100} sort={{ field: 'denomination', order: 'ASC' }}>
    <DataTable>
      <DataTable.Col source="id" />
      <DataTable.Col source="denomination" />
      <DataTable.Col source="inactivated" field={BooleanField} />
    </DataTable>
  </List>
);
createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={simpleRestProvider('/api')}><Resource name="estados_civis" list={CivilStatuses} /></Admin>,
);`,
};

export const BASELINE_PAGES = Object.keys(PAGES);

/** Writes the pages under `dir` (inside the project, so node_modules resolves) and builds them to `dir/dist`. */
export async function buildBaselineApps(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(PAGES)) {
    writeFileSync(join(dir, `${name}.tsx`), source.trimStart());
    writeFileSync(join(dir, `${name}.html`), `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${name}</title></head><body><div id="root"></div><script type="module" src="./${name}.tsx"></script></body></html>\n`);
  }
  const outDir = join(dir, 'dist');
  await build({
    configFile: false,
    root: dir,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000, rollupOptions: { input: Object.fromEntries(BASELINE_PAGES.map((n) => [n, join(dir, `${n}.html`)])) } },
  });
  return outDir;
}
