import type { Config } from './config';
import { marketJobs } from './modules/market/schedule';
import type { ScheduledJob } from './modules/schedule/job';
import { scheduleJobs } from './modules/schedule/schedule';
import { spotJobs } from './modules/spot/schedule';

/** Every job the engine leader runs on a schedule (engine/schedule): one line per module's list. */
export const scheduledJobs = (config: Config): readonly ScheduledJob[] => [
  ...marketJobs(config),
  ...spotJobs,
  ...scheduleJobs,
];
