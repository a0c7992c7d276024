export { createScheduler } from './scheduler.js';
export type { Job, JobDefinition, Scheduler, SchedulerOptions } from './scheduler.js';
export { schedulerPlugin } from './plugin.js';
export { beatJob, claimJobs, silentFor, takeBackStale } from './queue.js';
export type { ClaimOptions, StaleOptions } from './queue.js';
