import { councilDate, councilMoment } from '../../shared/council-clock.js';

/**
 * Where the server reads the time, so that a test can set it and move it instead of waiting for it
 * to pass: the rate limits' windows and the background jobs' dates read `app.clock`. The system's
 * clock unless `buildApp` is given another. The council's time zone is src/shared/council-clock.ts.
 */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Today on the council's calendar by this clock: `YYYY-MM-DD`. */
export const today = (clock: Clock = systemClock): string => councilDate(clock.now());

/** Now on the council's clock by this clock: `YYYY-MM-DD HH:mm:ss`. */
export const momentNow = (clock: Clock = systemClock): string => councilMoment(clock.now());

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
