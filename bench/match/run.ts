/**
 * Matching: the spot engine alone on a seeded mixed stream (45% passive limit orders, 40%
 * cancels of live orders, 15% crossing limit and market orders) over a book preloaded with
 * 100,000 resting orders. Prints operations per second and p50/p99/p99.9 latency, then the same
 * for a naive sorted-array book fed the same stream in the same run, and checks that both made
 * the same fills. Targets: at least 500,000 operations per second and at least 10x the naive book.
 * Rates are given per second of wall time and per second of this process's CPU time: on a shared
 * machine the second is the fairer figure (it still counts the collector's helper threads), and
 * the targets are judged on it; the load average is printed beside them.
 */
import os from 'node:os';
import { createSpotBook, stepSpot, type SpotCommand } from '@tidemark/core';
import { NaiveBook, type NaiveFill } from './naive';
import { INDEX_UNITS, buildStream, rules } from './stream';

const RESTING = Number(process.env.BENCH_RESTING ?? 100_000);
const OPS = Number(process.env.BENCH_OPS ?? 200_000);
const SEED = Number(process.env.SEED ?? 13);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** One implementation under test: a fresh preloaded book, and a step that applies one command. */
interface Subject {
  name: string;
  fresh(): { apply(command: SpotCommand): void; summary(): Summary };
}
interface Summary {
  fills: number;
  baseUnits: bigint;
  feeUnits: bigint;
  resting: number;
}

const { preload, ops, counts } = buildStream(SEED, RESTING, OPS);
const index: SpotCommand = { type: 'index', priceUnits: INDEX_UNITS };

const engine: Subject = {
  name: 'engine (B+ tree of levels, FIFO lists)',
  fresh() {
    const book = createSpotBook(rules);
    const context = { nowMs: 0 };
    const summary = { fills: 0, baseUnits: 0n, feeUnits: 0n, resting: 0 };
    stepSpot(book, index, context);
    for (const command of preload) stepSpot(book, command, context);
    return {
      apply(command) {
        const result = stepSpot(book, command, context);
        if (!('events' in result)) return;
        for (const event of result.events) {
          if (event.type !== 'fill') continue;
          summary.fills++;
          summary.baseUnits += event.baseUnits;
          summary.feeUnits += event.makerFeeUnits + event.takerFeeUnits;
        }
      },
      summary: () => ({ ...summary, resting: book.orders.size }),
    };
  },
};

const naive: Subject = {
  name: 'naive sorted array',
  fresh() {
    const book = new NaiveBook(rules);
    const fills: NaiveFill[] = [];
    const summary = { fills: 0, baseUnits: 0n, feeUnits: 0n, resting: 0 };
    book.apply(index, fills);
    for (const command of preload) book.apply(command, fills);
    return {
      apply(command) {
        book.apply(command, fills);
        for (const fill of fills) {
          summary.fills++;
          summary.baseUnits += fill.baseUnits;
          summary.feeUnits += fill.makerFeeUnits + fill.takerFeeUnits;
        }
        fills.length = 0;
      },
      summary: () => ({ ...summary, resting: book.size }),
    };
  },
};

function throughput(subject: Subject): { opsPerSecond: number; opsPerCpuSecond: number; summary: Summary } {
  const book = subject.fresh();
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  for (const command of ops) book.apply(command);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { opsPerSecond: ops.length / seconds, opsPerCpuSecond: ops.length / cpuSeconds, summary: book.summary() };
}

function latencies(subject: Subject): Float64Array {
  const book = subject.fresh();
  const micros = new Float64Array(ops.length);
  for (let i = 0; i < ops.length; i++) {
    const started = performance.now();
    book.apply(ops[i]!);
    micros[i] = (performance.now() - started) * 1000;
  }
  return micros.sort();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

function measure(subject: Subject, rounds: number) {
  const runs = Array.from({ length: rounds }, () => throughput(subject));
  const sorted = latencies(subject);
  return {
    opsPerSecond: median(runs.map((r) => r.opsPerSecond)),
    opsPerCpuSecond: median(runs.map((r) => r.opsPerCpuSecond)),
    summary: runs[0]!.summary,
    sorted,
  };
}

console.log(
  `match: ${RESTING} resting orders, then ${OPS} operations (${counts.place} passive, ${counts.cancel} cancels, ` +
    `${counts.cross} crossing), seed ${SEED}`,
);
const results = { engine: measure(engine, ROUNDS), naive: measure(naive, 1) };
for (const [key, subject] of [
  ['engine', engine],
  ['naive', naive],
] as const) {
  const { opsPerSecond, opsPerCpuSecond, sorted, summary } = results[key];
  const latency = [50, 99, 99.9].map((p) => `p${p} ${pct(sorted, p).toFixed(2)} µs`).join(', ');
  console.log(`  ${subject.name}: ${opsPerCpuSecond.toFixed(0)} ops per CPU second, ${opsPerSecond.toFixed(0)} ops/s wall`);
  console.log(`    latency (wall) ${latency}`);
  console.log(`    ${summary.fills} fills, ${summary.resting} orders resting at the end`);
}
const same =
  results.engine.summary.fills === results.naive.summary.fills &&
  results.engine.summary.baseUnits === results.naive.summary.baseUnits &&
  results.engine.summary.feeUnits === results.naive.summary.feeUnits;
const speed = results.engine.opsPerCpuSecond;
const ratio = speed / results.naive.opsPerCpuSecond;
console.log(`  load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.availableParallelism()} cores`);
console.log(`  same fills, amounts and fees in both: ${same ? 'yes' : 'NO'}`);
console.log(`  engine: ${speed.toFixed(0)} ops per CPU second (target >= 500000) ${speed >= 500_000 ? 'MET' : 'NOT MET'}`);
console.log(`  ratio to naive: ${ratio.toFixed(1)}x (target >= 10x) ${ratio >= 10 ? 'MET' : 'NOT MET'}`);
if (!same) process.exitCode = 1;
