import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumFlags, median } from './browser.ts';
import { table } from './table.ts';
import { freePort } from './server.ts';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  /** Lighthouse's own (simulated mobile) metrics, in ms (CLS unitless). */
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  cls: number;
  /** Titles of the accessibility audits that failed. */
  accessibilityFailures: string[];
}

/**
 * Lighthouse 12 with its default config (the mobile preset: Moto G Power screen, simulated slow
 * 4G and 4x CPU slowdown) on `url`, `runs` times in one Chromium started here with the usual
 * flags and a remote-debugging port. Lighthouse resets the origin's cache and storage before
 * each run.
 */
export const runLighthouse = async (url: string, runs: number): Promise<LighthouseRun[]> => {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'plateau-bench-lh-'));
  const chromium = spawn(
    '/usr/bin/chromium',
    [
      ...chromiumFlags,
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => chromium.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
      } catch {
        // Chromium is still starting.
      }
      if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const results: LighthouseRun[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const { categories, audits } = result.lhr;
      const failures = (categories.accessibility?.auditRefs ?? [])
        .map((ref) => audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 1)
        .map((audit) => audit!.title);
      results.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
        speedIndexMs: audits['speed-index']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        accessibilityFailures: failures,
      });
    }
    return results;
  } finally {
    chromium.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  }
};

/** The Lighthouse section's table: each score's median, its runs, and its target (issue 7). */
export const lighthouseTable = (lighthouse: LighthouseRun[]): string => {
  const performance = median(lighthouse.map((r) => r.performance));
  const accessibility = median(lighthouse.map((r) => r.accessibility));
  const ms = (value: number) => `${Math.round(value)}`;
  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  return table(
    ['score', 'value', 'runs', 'target', ''],
    [
      [
        'performance',
        String(performance),
        lighthouse.map((r) => r.performance).join(', '),
        '≥ 90',
        verdict(performance >= 90),
      ],
      [
        'accessibility',
        String(accessibility),
        lighthouse.map((r) => r.accessibility).join(', '),
        '≥ 95',
        verdict(accessibility >= 95),
      ],
      [
        'LCP ms (simulated)',
        ms(median(lighthouse.map((r) => r.lcpMs))),
        lighthouse.map((r) => ms(r.lcpMs)).join(', '),
        '',
        '',
      ],
      [
        'TBT ms (simulated)',
        ms(median(lighthouse.map((r) => r.tbtMs))),
        lighthouse.map((r) => ms(r.tbtMs)).join(', '),
        '',
        '',
      ],
    ],
    ['---', '--:', '---', '--:', '---'],
  );
};
