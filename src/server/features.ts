import { authFeature } from './features/auth/feature.js';
import { certificatesFeature } from './features/certificates/feature.js';
import { customPagesFeature } from './features/custom-pages/feature.js';
import { dashboardFeature } from './features/dashboard/feature.js';
import { deadlinesFeature } from './features/deadlines/feature.js';
import { documentsFeature } from './features/documents/feature.js';
import type { Feature } from './core/feature.js';
import { financeFeature } from './features/finance/feature.js';
import { fileServicesFeature } from './features/file-services/feature.js';
import { holidaysFeature } from './services/holidays/feature.js';
import { inspectionsFeature } from './features/inspections/feature.js';
import { institutionFeature } from './features/institution/feature.js';
import { monitoringFeature } from './features/monitoring/feature.js';
import { occurrencesFeature } from './features/occurrences/feature.js';
import { parametersFeature } from './features/parameters/feature.js';
import { partiesFeature } from './services/parties/feature.js';
import { platformFeature } from './features/platform/feature.js';
import { postalCodeFeature } from './features/postal-code/feature.js';
import { profileFeature } from './features/profile/feature.js';
import { receivablesFeature } from './features/receivables/feature.js';
import { registrationsFeature } from './features/registrations/feature.js';
import { recordHistoryFeature } from './features/record-history/feature.js';
import { reportsFeature } from './features/reports/feature.js';
import { savedViewsFeature } from './features/saved-views/feature.js';
import { importsFeature } from './features/imports/feature.js';
import { sequencesFeature } from './services/sequences/feature.js';
import { workflowsFeature } from './features/workflows/feature.js';
import { migrationSets, type MigrationSets } from './core/db/migrate.js';

/**
 * The product's features, in the order `buildApp` registers them: the one place outside a feature's
 * folder that names it. A module's hooks run in this order (src/server/core/resources/hooks.ts); auth
 * comes first, since its guard must cover every route.
 */
export const FEATURES: readonly Feature[] = [authFeature, parametersFeature, profileFeature, platformFeature, monitoringFeature, dashboardFeature, sequencesFeature, customPagesFeature, fileServicesFeature, documentsFeature, reportsFeature, partiesFeature, institutionFeature, registrationsFeature, postalCodeFeature, holidaysFeature, deadlinesFeature, occurrencesFeature, inspectionsFeature, workflowsFeature, financeFeature, receivablesFeature, recordHistoryFeature, savedViewsFeature, importsFeature, certificatesFeature];

/** The product's migrations: the core's, then each feature's folders (the space's and the platform's). */
export const MIGRATIONS: MigrationSets = migrationSets(FEATURES);
