import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { MetadataEntry, MetadataType } from './metadata.js';

export interface DocumentType {
  id: number;
  accepted_extensions: unknown[];
  physical: boolean;
  metadata: MetadataEntry[];
}

/** A document type with its metadata entries in their order; undefined when the space has none of that id. */
export async function findDocumentType(db: Kysely<SpaceDatabase>, id: number): Promise<DocumentType | undefined> {
  const type = await db.selectFrom('document_types').select(['id', 'accepted_extensions', 'physical']).where('id', '=', id).executeTakeFirst();
  if (!type) return undefined;
  const entries = await db
    .selectFrom('document_type_metadata')
    .select(['id', 'name', 'type', 'required'])
    .where('document_type_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    id: Number(type.id),
    accepted_extensions: Array.isArray(type.accepted_extensions) ? type.accepted_extensions : [],
    physical: type.physical === true,
    metadata: entries.map((entry) => ({ id: Number(entry.id), name: String(entry.name), type: entry.type as MetadataType, required: entry.required === true })),
  };
}
