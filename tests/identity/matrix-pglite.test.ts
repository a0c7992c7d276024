/** The authorization matrix (support/matrix.ts) on the embedded PGlite. */
import { describeMatrix } from './support/matrix.js';

describeMatrix('pglite');
