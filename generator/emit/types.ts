import { compile } from 'json-schema-to-typescript';
import type { Plan } from '../plan.js';
import { ALL_SCHEMAS, codeBanner } from './banner.js';
import { recordSchema } from './record-schema.js';

/** `generated/types/<module>.ts` (one record interface per entity) and `generated/types/index.ts`. */
export async function emitTypes(plan: Plan): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const { entity, typeName } of plan.entities) {
    const code = await compile(recordSchema(entity) as never, typeName, {
      bannerComment: codeBanner(entity.source).trimEnd(),
      additionalProperties: false,
      strictIndexSignatures: true,
      format: true,
      style: { singleQuote: true, printWidth: 100, semi: true, trailingComma: 'all' },
      unknownAny: true,
    });
    files.set(`generated/types/${entity.module}.ts`, code);
  }
  const exports = plan.entities.map(({ entity }) => `export type * from './${entity.module}';`);
  files.set('generated/types/index.ts', `${codeBanner(ALL_SCHEMAS)}\n${exports.join('\n')}\n`);
  return files;
}
