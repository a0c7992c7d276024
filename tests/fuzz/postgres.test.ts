/** The fuzz run over every route (support/suite.ts) on PostgreSQL. */
import { describeFuzz } from './support/suite.js';

describeFuzz('postgres');
