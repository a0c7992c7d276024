/** The fuzz run over every route (support/suite.ts) on the embedded PGlite. */
import { describeFuzz } from './support/suite.js';

describeFuzz('pglite');
