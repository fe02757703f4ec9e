// The SQLite writer thread's entry (writer/writer.ts starts it): the app's jobs, served.
import { appJobs } from './jobs';
import { serveJobs } from './writer/thread';

serveJobs(appJobs());
