import { authFeature } from './auth/feature.js';
import { certificatesFeature } from './certificates/feature.js';
import { customPagesFeature } from './custom-pages/feature.js';
import { dashboardFeature } from './dashboard/feature.js';
import { deadlinesFeature } from './deadlines/feature.js';
import { documentsFeature } from './documents/feature.js';
import type { Feature } from './feature.js';
import { financeFeature } from './finance/feature.js';
import { fileServicesFeature } from './file-services/feature.js';
import { holidaysFeature } from './holidays/feature.js';
import { inspectionsFeature } from './inspections/feature.js';
import { institutionFeature } from './institution/feature.js';
import { monitoringFeature } from './monitoring/feature.js';
import { occurrencesFeature } from './occurrences/feature.js';
import { parametersFeature } from './parameters/feature.js';
import { partiesFeature } from './parties/feature.js';
import { platformFeature } from './platform/feature.js';
import { postalCodeFeature } from './postal-code/feature.js';
import { profileFeature } from './profile/feature.js';
import { receivablesFeature } from './receivables/feature.js';
import { registrationsFeature } from './registrations/feature.js';
import { recordHistoryFeature } from './record-history/feature.js';
import { reportsFeature } from './reports/feature.js';
import { savedViewsFeature } from './saved-views/feature.js';
import { importsFeature } from './imports/feature.js';
import { sequencesFeature } from './sequences/feature.js';
import { workflowsFeature } from './workflows/feature.js';
import { migrationSets, type MigrationSets } from './db/migrate.js';

/**
 * The product's features, in the order `buildApp` registers them: the one place outside a feature's
 * folder that names it. A module's hooks run in this order (src/server/resources/hooks.ts); auth
 * comes first, since its guard must cover every route.
 */
export const FEATURES: readonly Feature[] = [authFeature, parametersFeature, profileFeature, platformFeature, monitoringFeature, dashboardFeature, sequencesFeature, customPagesFeature, fileServicesFeature, documentsFeature, reportsFeature, partiesFeature, institutionFeature, registrationsFeature, postalCodeFeature, holidaysFeature, deadlinesFeature, occurrencesFeature, inspectionsFeature, workflowsFeature, financeFeature, receivablesFeature, recordHistoryFeature, savedViewsFeature, importsFeature, certificatesFeature];

/** The product's migrations: the core's, then each feature's folders (the space's and the platform's). */
export const MIGRATIONS: MigrationSets = migrationSets(FEATURES);
