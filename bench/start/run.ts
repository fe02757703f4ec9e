/**
 * Start-up time and resident memory of the built server (node apps/server/dist/main.js) as a
 * ratio to the same server run from its TypeScript sources through tsx, measured in the same run.
 * Each start is a fresh process on a fresh SQLite file: start-up is the time from spawn to the
 * first answered GET /api/health; memory is the process's resident set at that moment and again
 * after a burst of calls. Rounds alternate the two, and the median of each is reported.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(built)) throw new Error('no built server: run `npm run build` first');

const variants = {
  built: ['--enable-source-maps', built],
  tsx: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
} as const;
type Variant = keyof typeof variants;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Resident set of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

interface Sample {
  startMs: number;
  rssStartMb: number;
  rssAfterMb: number;
}

async function once(variant: Variant): Promise<Sample> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...variants[variant]], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${variant} server exited with ${code}`))));
  try {
    const health = `http://127.0.0.1:${port}/api/health`;
    // polls until the first answer: refused connections are the server still starting
    for (;;) {
      const answered = await Promise.race([fetch(health).then((r) => r.ok, () => false), exited]);
      if (answered) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const startMs = performance.now() - started;
    const rssStartMb = rssMb(child.pid!);
    for (let i = 0; i < CALLS; i++) await fetch(`http://127.0.0.1:${port}/api/currency/quotation_new`).then((r) => r.text());
    return { startMs, rssStartMb, rssAfterMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const samples: Record<Variant, Sample[]> = { built: [], tsx: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of round % 2 === 0 ? (['built', 'tsx'] as const) : (['tsx', 'built'] as const)) samples[variant].push(await once(variant));
}
const figure = (variant: Variant, key: keyof Sample) => median(samples[variant].map((s) => s[key]));
const line = (label: string, key: keyof Sample, unit: string) => {
  const b = figure('built', key);
  const t = figure('tsx', key);
  console.log(`${label.padEnd(34)} built ${b.toFixed(1).padStart(7)} ${unit}   tsx ${t.toFixed(1).padStart(7)} ${unit}   built/tsx ${(b / t).toFixed(2)}`);
};
console.log(`start-up of the server, median of ${ROUNDS} fresh starts each (load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
line('start to first health answer', 'startMs', 'ms');
line('resident memory at start', 'rssStartMb', 'MB');
line(`resident memory after ${CALLS} calls`, 'rssAfterMb', 'MB');
