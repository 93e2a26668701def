import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { durationKey, durationsFile, type Durations } from './durations.ts';

interface FileTiming {
  key: string;
  project: string;
  tests: number;
  /** The file's own time (import, setup, tests), as vitest counts it. */
  ms: number;
  /** When it started and ended, from the start of the run. */
  startMs: number;
  endMs: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The guard of the suite's time: at the end of each run, the wall time, each project's file
 * time and span, and the 15 slowest files with when they ran (a slow file starting late keeps
 * one core busy alone at the end). With TEST_DURATIONS=write it also records every file's time
 * for the sequencer (durations.ts), so the next runs start the longest files first.
 */
export default class TimingsReporter implements Reporter {
  private readonly started = Date.now();
  private readonly starts = new Map<string, number>();
  private readonly timings: FileTiming[] = [];
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }) {
    this.root = vitest.config.root;
  }

  onTestModuleStart(module: TestModule) {
    this.starts.set(module.id, Date.now() - this.started);
  }

  onTestModuleEnd(module: TestModule) {
    const endMs = Date.now() - this.started;
    this.timings.push({
      key: durationKey(module.project.name, path.relative(this.root, module.moduleId)),
      project: module.project.name,
      tests: [...module.children.allTests()].length,
      ms: Math.round(module.diagnostic().duration),
      startMs: this.starts.get(module.id) ?? endMs,
      endMs,
    });
  }

  onTestRunEnd() {
    if (this.timings.length === 0) return;
    const lines = [`\nTest run: ${seconds(Date.now() - this.started)} wall time`];
    const projects = new Map<string, FileTiming[]>();
    for (const timing of this.timings) {
      projects.set(timing.project, [...(projects.get(timing.project) ?? []), timing]);
    }
    lines.push('project           files  tests  file time   ran from -> to');
    for (const [name, files] of [...projects].sort()) {
      const total = files.reduce((sum, file) => sum + file.ms, 0);
      const tests = files.reduce((sum, file) => sum + file.tests, 0);
      const from = Math.min(...files.map((file) => file.startMs));
      const to = Math.max(...files.map((file) => file.endMs));
      lines.push(
        `${name.padEnd(16)} ${String(files.length).padStart(6)} ${String(tests).padStart(6)} ${seconds(total).padStart(10)}   ${seconds(from)} -> ${seconds(to)}`,
      );
    }
    lines.push('15 slowest files (time, ran from -> to):');
    for (const timing of [...this.timings].sort((a, b) => b.ms - a.ms).slice(0, 15)) {
      lines.push(
        `${seconds(timing.ms).padStart(9)}  ${timing.key}  (${seconds(timing.startMs)} -> ${seconds(timing.endMs)})`,
      );
    }
    console.log(lines.join('\n'));
    if (process.env.TEST_DURATIONS === 'write') {
      const durations: Durations = Object.fromEntries(
        [...this.timings].sort((a, b) => a.key.localeCompare(b.key)).map((t) => [t.key, t.ms]),
      );
      mkdirSync(path.dirname(durationsFile), { recursive: true });
      writeFileSync(durationsFile, `${JSON.stringify(durations, null, 2)}\n`);
      console.log(`Durations written to ${path.relative(this.root, durationsFile)}`);
    }
  }
}
