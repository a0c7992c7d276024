import { authFeature } from './auth/feature.js';
import { dashboardFeature } from './dashboard/feature.js';
import type { Feature } from './feature.js';
import { monitoringFeature } from './monitoring/feature.js';
import { parametersFeature } from './parameters/feature.js';
import { platformFeature } from './platform/feature.js';
import { profileFeature } from './profile/feature.js';

/**
 * The product's features, in the order `buildApp` registers them. A module's hooks run in this
 * order (src/server/resources/hooks.ts); auth comes first, since its guard must cover every route.
 */
export const FEATURES: readonly Feature[] = [authFeature, parametersFeature, profileFeature, platformFeature, monitoringFeature, dashboardFeature];
