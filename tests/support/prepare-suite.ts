/**
 * Builds, before the two Vitest processes of `npm test` start side by side (scripts/test.mjs), what
 * both of their global setups would otherwise build at the same moment into the same places: the
 * compiled server, the first start's data folder and the migrated templates. Their global setups
 * then find each built and go on.
 */
import buildTemplates from './build-templates.js';

await buildTemplates();
