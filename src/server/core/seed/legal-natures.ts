import { formatLegalNature, getLegalNature, getLegalNatures } from '@brazilian-utils/brazilian-utils';
import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { idsBy, insertMissing } from './insert.js';

/**
 * The 92 legal natures in force (CONCLA 2021) and their 5 categories, the category being the
 * code's first digit. Codes are stored masked (`206-2`), categories by their digit (`2`).
 */
export async function seedLegalNatures(db: Kysely<SpaceDatabase>): Promise<{ categories: number; legalNatures: number }> {
  const natures = Object.keys(getLegalNatures()).map((code) => getLegalNature(code)!);
  const categoryRows = new Map(natures.map((n) => [n.category.code, { code: n.category.code, denomination: n.category.description }]));
  const categories = await insertMissing(db, 'legal_nature_categories', [...categoryRows.values()]);
  const categoryIds = await idsBy(db, 'legal_nature_categories', 'code');
  const legalNatures = await insertMissing(
    db,
    'legal_natures',
    natures.map((n) => ({
      code: formatLegalNature(n.code),
      denomination: n.description,
      legal_nature_category_id: categoryIds.get(n.category.code),
    })),
  );
  return { categories, legalNatures };
}
