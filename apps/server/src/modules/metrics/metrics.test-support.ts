import { expect } from 'vitest';
import type { App } from '../../app.ts';

export const METRICS_TOKEN = 'test-metrics-token-0123456789';
export const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments left out). */
export const parseSamples = (text: string): Sample[] =>
  text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });

/** The metric families the exposition declares (`# TYPE name kind`). */
export const declaredNames = (text: string): string[] =>
  [...text.matchAll(/^# TYPE (\S+) \S+$/gm)].map((match) => match[1]!);

/** The value of the one sample with exactly these labels, or undefined when there is none. */
export const valueOf = (
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined => {
  const wanted = Object.entries(labels);
  const found = parseSamples(text).filter(
    (sample) =>
      sample.name === name &&
      Object.keys(sample.labels).length === wanted.length &&
      wanted.every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)} appears at most once`).toBeLessThan(2);
  return found[0]?.value;
};

/** A scrape that must succeed: its Prometheus text. */
export const scrape = async (app: App, headers: Record<string, string> = bearer) => {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
