/**
 * Sequences: the numbering every registry, inspection, occurrence and workflow number comes from
 * (docs/SEQUENCES.md). `drawNumber` inside a consumer's write; the mask language; the sequences'
 * own write rules; the preview and draw-by-hand routes.
 */
export { drawNumber, drawNumbers, type DrawnNumber, type DrawOptions } from './draw.js';
export { formatNumber, maskProblem, parseMask, MaskError, type MaskValues } from './mask.js';
export { sequenceRules } from './rules.js';
export { sequenceRoutes } from './routes.js';
export { calendarYear } from './year.js';
