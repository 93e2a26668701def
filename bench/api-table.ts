import os from 'node:os';
import type { LoadResult } from './load.ts';
import type { Scenario } from './scenarios.ts';

export interface Row {
  scenario: Scenario;
  plateau: LoadResult;
  /** The raw floor replaying the statements from before migration 0009 (none captured: null). */
  old: LoadResult | null;
  raw: LoadResult;
  /** One-minute load average before this scenario's runs. */
  loadBefore: number;
}

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);

/** The markdown table of one database's run, with what it ran on and the targets met. */
export const printTable = (
  label: string,
  settings: string,
  rows: Row[],
  ratioTarget: boolean,
  run: { connections: number; duration: number; loadBefore: number[] },
) => {
  const cpu = os.cpus();
  const load = run.loadBefore.map((n) => n.toFixed(2)).join(' / ');
  console.log(
    `\n${label}: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, Node ${process.version}; ${run.connections} connections, ${run.duration} s per run; load average (1/5/15 min) ${load} before the runs; ${settings}\n`,
  );
  console.log(
    '| scenario | Plateau req/s | p50 ms | p99 ms | old req/s | p50 ms | p99 ms | raw req/s | p50 ms | p99 ms | Plateau/raw | load | targets |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  let missed = 0;
  for (const { scenario, plateau, old, raw, loadBefore } of rows) {
    const ratio = plateau.requestsPerSecond / raw.requestsPerSecond;
    const ok = plateau.p99 < scenario.p99Target && (!ratioTarget || ratio >= 0.6);
    if (!ok) missed += 1;
    const oldCells = old
      ? `${old.requestsPerSecond.toFixed(0)} | ${ms(old.p50)} | ${ms(old.p99)}`
      : '- | - | -';
    const target = `p99 < ${scenario.p99Target} ms${ratioTarget ? ', ≥ 60%' : ''}`;
    console.log(
      `| ${scenario.name} | ${plateau.requestsPerSecond.toFixed(0)} | ${ms(plateau.p50)} | ${ms(plateau.p99)} | ${oldCells} | ${raw.requestsPerSecond.toFixed(0)} | ${ms(raw.p50)} | ${ms(raw.p99)} | ${(ratio * 100).toFixed(0)}% | ${loadBefore.toFixed(1)} | ${ok ? 'met' : 'missed'} (${target}) |`,
    );
  }
  console.log(missed === 0 ? '\nAll targets met.' : `\n${missed} scenario(s) missed a target.`);
};
