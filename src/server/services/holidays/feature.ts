import { defineFeature } from '../../core/feature.js';
import { holidayPlace } from './rules.js';

/**
 * Holidays and the council's calendar (docs/DEADLINES.md): a municipal holiday's municipality lies in
 * its UF; `loadCalendar` (./load.ts) answers whether a date is a business day in a place, over the
 * pure calendar of ./calendar.ts. The national holidays are seeded with the reference data (seed/holidays.ts).
 */
export const holidaysFeature = defineFeature({ name: 'holidays' }, async (app) => {
  app.resources.hooks('feriados', holidayPlace);
});
