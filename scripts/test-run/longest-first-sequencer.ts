import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { durationKey, readDurations } from './durations.ts';
import { scheduleFiles } from './schedule.ts';

/**
 * Every project's files in one queue, the longest first, so that both workers stay busy until
 * the end: vitest's default runs the projects one after another by name, and on a fresh clone
 * (no cache) the files of each in the order found, which left the slowest browser scenarios
 * running alone at the end. A file not measured yet counts as its project's median. Files that
 * hold the machine (a live's real-time measures) are spread out rather than started together
 * (schedule.ts).
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    const root = this.ctx.config.root;
    const known = (spec: TestSpecification) =>
      durations[durationKey(spec.project.name, path.relative(root, spec.moduleId))];
    const medians = new Map<string, number>();
    for (const spec of files) {
      if (medians.has(spec.project.name)) continue;
      const times = files
        .filter((other) => other.project.name === spec.project.name)
        .map(known)
        .filter((ms): ms is number => ms !== undefined)
        .sort((a, b) => a - b);
      medians.set(spec.project.name, times[Math.floor(times.length / 2)] ?? 10_000);
    }
    const expected = (spec: TestSpecification) => known(spec) ?? medians.get(spec.project.name)!;
    return scheduleFiles(
      files.map((spec) => ({
        file: spec,
        ms: expected(spec),
        holdsMachine: readFileSync(spec.moduleId, 'utf8').includes('holdMachine('),
      })),
      Number(this.ctx.config.maxWorkers) || 1,
    );
  }
}
