/**
 * Where the server reads the time, so that a test can set it and move it instead of waiting for it
 * to pass: the rate limits' windows read `app.clock`. The system's clock unless `buildApp` is given
 * another.
 */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
