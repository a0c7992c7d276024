import { http } from '../../services';

/** One option of a module's combo by id, with the extra fields its combo carries (docs/API.md 'Combos'). */
export async function optionOf(module: string, id: unknown): Promise<Record<string, any> | null> {
  if (id === null || id === undefined || id === '') return null;
  const { json } = await http<{ data: Record<string, any>[] }>({ path: `/api/${module}/combos`, query: { id: String(id) } });
  return json.data[0] ?? null;
}

/** A category's contribution ranges, the main one first. */
export async function rangesOf(categoryId: unknown): Promise<{ id: number; name: string; main: boolean }[]> {
  if (categoryId === null || categoryId === undefined || categoryId === '') return [];
  const { json } = await http<{ data: { id: number; name: string; main: boolean }[] }>({ path: `/api/inscricao/categorias/${categoryId}/faixas` });
  return json.data;
}
