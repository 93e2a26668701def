import { EventEmitter, once } from 'node:events';
import { truncate, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { insertVideo } from '../modules/media/media.test-helpers.ts';
import { mediaKeys } from '../storage/media-storage.ts';
import { useTestApp } from '../test/harness.ts';
import { closeHttpServer } from './close-http.ts';
import { createShutdown, handleProcessSignals, type LifecycleLog } from './graceful-shutdown.ts';

const ctx = useTestApp();

const FILM_BYTES = 256 * 1024 * 1024;

const recordingLog = () => {
  const lines: string[] = [];
  const log: LifecycleLog = {
    info: (message) => lines.push(message),
    error: (message, error) =>
      lines.push(error === undefined ? message : `${message}: ${(error as Error).message}`),
  };
  return { log, lines };
};

/** A process as the handlers see it: signals are emitted by the test, exits are recorded. */
const fakeProcess = (
  shutdown: ReturnType<typeof createShutdown>,
  log: LifecycleLog,
  deadlineMs = 120_000,
) => {
  const events = new EventEmitter();
  const exits: number[] = [];
  let clock = 0;
  const stopHandling = handleProcessSignals(shutdown, {
    log,
    deadlineMs,
    echoWindowMs: 500,
    now: () => clock,
    events,
    exit: (code) => exits.push(code),
  });
  return {
    events,
    exits,
    stopHandling,
    advance: (ms: number) => (clock += ms),
  };
};

describe('graceful shutdown of the server', () => {
  it('closes a stalled video stream after the grace and then exits 0', async () => {
    const id = await insertVideo(ctx, { privacy: 0, processing: 3, rungs: [240] });
    const temp = await ctx.storage.tempPath();
    await writeFile(temp, '');
    await truncate(temp, FILM_BYTES);
    await ctx.storage.commit(temp, mediaKeys.rung(id, 240, 0));
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;

    // A viewer asks for the film, reads the first bytes, then stops reading for good.
    const viewer = net.connect(port, '127.0.0.1');
    await once(viewer, 'connect');
    viewer.write(
      `GET /api/media/video/${id}/240 HTTP/1.1\r\nHost: plateau\r\nRange: bytes=0-\r\n\r\n`,
    );
    const [first] = (await once(viewer, 'data')) as [Buffer];
    expect(first.toString('latin1')).toMatch(/^HTTP\/1\.1 206/);
    viewer.pause();

    const { log, lines } = recordingLog();
    const shutdown = createShutdown(log);
    shutdown.onShutdown('HTTP server', () => closeHttpServer(ctx.app, 500));
    const lifecycle = fakeProcess(shutdown, log);
    lifecycle.events.emit('SIGTERM');
    await shutdown.run('SIGTERM');
    lifecycle.stopHandling();

    expect(lifecycle.exits).toEqual([0]);
    expect(lines).toEqual(['SIGTERM: shutting down', 'stopped']);
    // The viewer's connection was closed with the film far from complete.
    let received = first.length;
    viewer.on('data', (chunk: Buffer) => (received += chunk.length));
    const closed = once(viewer, 'close');
    viewer.resume();
    await closed;
    expect(received).toBeLessThan(FILM_BYTES);
    // And nobody new gets in.
    const late = net.connect(port, '127.0.0.1');
    const [error] = (await once(late, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
  });
});

describe('process signals', () => {
  const stuckShutdown = (log: LifecycleLog) => {
    const shutdown = createShutdown(log);
    shutdown.onShutdown('stuck encoder', () => new Promise(() => {}));
    return shutdown;
  };

  it('exits at once with 128 + the signal number on a second signal', () => {
    const { log, lines } = recordingLog();
    const lifecycle = fakeProcess(stuckShutdown(log), log);
    lifecycle.events.emit('SIGINT');
    lifecycle.advance(2000);
    lifecycle.events.emit('SIGTERM');
    lifecycle.stopHandling();
    expect(lifecycle.exits).toEqual([143]);
    expect(lines).toContain('SIGTERM while shutting down: exiting at once');
  });

  it('takes the same signal relayed by npm right after the first as one request', () => {
    const { log } = recordingLog();
    const lifecycle = fakeProcess(stuckShutdown(log), log);
    lifecycle.events.emit('SIGTERM');
    lifecycle.advance(10);
    lifecycle.events.emit('SIGTERM');
    expect(lifecycle.exits).toEqual([]);
    lifecycle.advance(2000);
    lifecycle.events.emit('SIGTERM');
    lifecycle.stopHandling();
    expect(lifecycle.exits).toEqual([143]);
  });

  it('exits 1 when the shutdown outlasts its deadline', async () => {
    const { log, lines } = recordingLog();
    const lifecycle = fakeProcess(stuckShutdown(log), log, 50);
    lifecycle.events.emit('SIGTERM');
    while (lifecycle.exits.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    lifecycle.stopHandling();
    expect(lifecycle.exits).toEqual([1]);
    expect(lines).toContain('shutdown still running after 0.05 s: exiting');
  });

  it('logs an unhandled rejection, closes what was opened and exits 1', async () => {
    const { log, lines } = recordingLog();
    const shutdown = createShutdown(log);
    const closed: string[] = [];
    shutdown.onShutdown('database', () => closed.push('database'));
    shutdown.onShutdown('job queue', () => closed.push('job queue'));
    const lifecycle = fakeProcess(shutdown, log);
    lifecycle.events.emit('unhandledRejection', new Error('connexion perdue'));
    await shutdown.run('test');
    lifecycle.stopHandling();
    expect(lines[0]).toBe('unhandled rejection: connexion perdue');
    expect(closed).toEqual(['job queue', 'database']);
    expect(lifecycle.exits).toEqual([1]);
  });

  it('exits 1 when a step fails to close, after running the others', async () => {
    const { log, lines } = recordingLog();
    const shutdown = createShutdown(log);
    const closed: string[] = [];
    shutdown.onShutdown('database', () => closed.push('database'));
    shutdown.onShutdown('job queue', () => Promise.reject(new Error('pg-boss bloqué')));
    const lifecycle = fakeProcess(shutdown, log);
    lifecycle.events.emit('SIGTERM');
    await shutdown.run('SIGTERM');
    lifecycle.stopHandling();
    expect(closed).toEqual(['database']);
    expect(lines).toContain('shutdown: closing the job queue failed: pg-boss bloqué');
    expect(lifecycle.exits).toEqual([1]);
  });
});
