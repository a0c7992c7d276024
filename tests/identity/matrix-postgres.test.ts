/** The authorization matrix (support/matrix.ts) on PostgreSQL. */
import { describeMatrix } from './support/matrix.js';

describeMatrix('postgres');
