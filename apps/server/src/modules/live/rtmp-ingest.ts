import { createRequire } from 'node:module';
import net from 'node:net';
import { ConfigError } from '../../lib/config-error.ts';
import { createCodecCheck } from './flv-codecs.ts';
import type { LiveSource } from './live-args.ts';
import { problems } from './live-problems.ts';

/**
 * The embedded RTMP ingest: node-media-server 4.4.3 (pinned exactly: these are its internal
 * modules), its RTMP listener only, so neither its HTTP server nor its store ever load.
 * What was measured before choosing it is in bench/live-ingest-findings.md. This file is the
 * only one that knows NMS; the station sees publishers through `IngestPublisher`, the contract
 * an nginx-rtmp callback ingest would also fill.
 */

export interface IngestPublisher {
  /** The stream name the encoder sent: the stream key. Never logged. */
  readonly key: string;
  /** The encoder's address (without its port), for rate limits and logs. */
  readonly address: string;
  /** Hands the stream to `sink` as FLV from its first byte (once per publish); returns the detach. */
  attach(sink: (chunk: Buffer) => void): () => void;
  /**
   * A second reader of the stream from a clean start (FLV header, codec headers, the last
   * group of pictures), then live: for an encoder restarted mid-publish. Returns its detach.
   */
  tap(sink: (chunk: Buffer) => void): () => void;
  /**
   * Whether the stream can be copied: undefined once H.264 video and AAC sound are seen, or
   * why not (French), from the first tags or after `CODECS_WAIT_MS` without them.
   */
  codecs(): Promise<string | undefined>;
  /** What the encoder's metadata announced. */
  source(): LiveSource;
  /** Bytes received from the encoder so far. */
  receivedBytes(): number;
  /** Closes the encoder's connection at once (a refusal, or the end of the live). */
  drop(): void;
  /** Called once when the publish is over, whoever ended it. */
  onEnd(listener: () => void): void;
}

export interface IngestHandlers {
  /** Synchronous first look, before any byte is kept: a reason to refuse now, else undefined. */
  precheck(key: string, address: string): string | undefined;
  /** A publish passed the precheck; the handler accepts it (attach) or drops it. */
  publish(publisher: IngestPublisher): void;
}

export interface RtmpIngest {
  readonly port: number;
  stop(): void;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- NMS is untyped JavaScript */
const require = createRequire(import.meta.url);
const Context = require('node-media-server/src/core/context.js');
const NodeRtmpServer = require('node-media-server/src/server/rtmp_server.js');
const nmsLogger = require('node-media-server/src/core/logger.js');

/** An encoder that stops sending without closing (a frozen machine) frees its key after this. */
const SILENT_PUBLISHER_MS = 10_000;
/** How long the first audio and video tags may take to come. */
const CODECS_WAIT_MS = 10_000;
/** What is kept of a publish while its key is looked up (a few seconds of a 12 Mb/s stream). */
const MAX_EARLY_BYTES = 16 * 1024 * 1024;
/** Enough for the association's encoders; caps what a flood of connections can hold. */
const MAX_CONNECTIONS = 64;

const addressOf = (ip: string) => ip.replace(/:\d+$/, '').replace(/^::ffff:/, '');

const portIsFree = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });

let running = false;

/**
 * Starts the listener (one per process: NMS keeps its state in module globals).
 * Throws when the port is taken: NMS itself would `process.exit(1)`.
 */
export const startRtmpIngest = async ({
  port,
  host,
  handlers,
}: {
  port: number;
  host: string;
  handlers: IngestHandlers;
}): Promise<RtmpIngest> => {
  if (running) throw new Error('the RTMP ingest already runs in this process');
  if (!(await portIsFree(port, host))) {
    throw new ConfigError(
      `RTMP_PORT ${port} is already in use on ${host} (set another port, or 0 to turn the ingest off)`,
    );
  }
  running = true;
  // NMS logs stream paths, and a stream path holds the secret key: it says nothing at all.
  nmsLogger.log = () => {};
  Context.config = { bind: host, rtmp: { port } };
  const server = new NodeRtmpServer();
  server.run();
  server.tcpServer.maxConnections = MAX_CONNECTIONS;

  const refused = new WeakSet<object>();
  /** A publish's end listeners, and whether it ended (a listener added after is told at once). */
  interface PublishState {
    end: Set<() => void>;
    ended: boolean;
  }
  const publishers = new Map<object, PublishState>();
  const events = Context.eventEmitter;

  const refuse = (session: any) => {
    refused.add(session);
    // Not session.close(): NMS would keep reading, and a refused second publisher's packets
    // would reach the live's recording.
    session.socket.destroy();
  };

  const onPrePublish = (session: any) => {
    const broadcast = Context.broadcasts.get(session.streamPath);
    // Plateau keeps its own reconnect grace; NMS's would glue a new connection's packets onto
    // the old timeline of a part that Plateau has closed.
    if (broadcast) broadcast.publishGraceMs = 0;
    const address = addressOf(session.ip);
    if (session.streamApp !== 'live') return refuse(session);
    if (broadcast?.publisher && broadcast.getPublishStatus() === 'publishing') {
      return refuse(session);
    }
    if (handlers.precheck(session.streamName, address) !== undefined) return refuse(session);
  };

  const onPostPublish = (session: any) => {
    if (refused.has(session)) return;
    const broadcast = Context.broadcasts.get(session.streamPath);
    // NMS refuses a second publisher itself right after this event.
    if (!broadcast || broadcast.publisher !== null) return;
    const state: PublishState = { end: new Set(), ended: false };
    publishers.set(session, state);
    session.socket.setTimeout(SILENT_PUBLISHER_MS, () => session.socket.destroy());
    // Plateau listens from the publish's first packet: whatever arrives while the station
    // looks the key up is kept (bounded) and handed over on attach, so a part loses nothing.
    let sink: ((chunk: Buffer) => void) | undefined;
    const codecs = createCodecCheck();
    let decide: (verdict: string | undefined) => void = () => {};
    const decided = new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(
        () => resolve(codecs.verdict() ?? problems.noCodecs),
        CODECS_WAIT_MS,
      );
      decide = (verdict) => {
        clearTimeout(timer);
        resolve(verdict);
      };
    });
    let early: Buffer[] | undefined = [];
    let taps = 0;
    let earlyBytes = 0;
    const subscriber = {
      id: `plateau-${session.id}`,
      ip: '', // internal: NMS emits no play events for it
      protocol: 'flv',
      endTime: 0,
      sendBuffer(chunk: Buffer) {
        codecs.look(chunk);
        const verdict = codecs.verdict();
        if (verdict !== null) decide(verdict);
        if (sink) return sink(chunk);
        if (!early) return;
        earlyBytes += chunk.length;
        early.push(chunk);
        // Never a stream without its start: past the bound, the encoder is cut and reconnects.
        if (earlyBytes > MAX_EARLY_BYTES) {
          early = undefined;
          session.socket.destroy();
        }
      },
    };
    broadcast.postPlay(subscriber);
    // A short publish may be over before the station has looked its key up (a busy database):
    // what it sent stays for the attach, and is let go by the attach or the refusal (drop).
    state.end.add(() => {
      decide(codecs.verdict() ?? problems.noCodecs);
      broadcast.donePlay(subscriber);
    });
    handlers.publish({
      key: session.streamName,
      address: addressOf(session.ip),
      attach(target) {
        for (const chunk of early ?? []) target(chunk);
        early = undefined;
        sink = target;
        return () => {
          sink = undefined;
          broadcast.donePlay(subscriber);
        };
      },
      tap(target) {
        taps += 1;
        const reader = {
          id: `plateau-${session.id}-tap-${taps}`,
          ip: '', // internal, as the subscriber above
          protocol: 'flv',
          endTime: 0,
          sendBuffer: (chunk: Buffer) => target(chunk),
        };
        broadcast.postPlay(reader);
        const untap = () => broadcast.donePlay(reader);
        state.end.add(untap);
        return () => {
          state.end.delete(untap);
          untap();
        };
      },
      codecs: () => decided,
      source: () => ({
        width: Number(session.videoWidth) || 0,
        height: Number(session.videoHeight) || 0,
        kbps: Math.round(Number(session.videoDatarate) || 0),
      }),
      receivedBytes: () => session.inBytes as number,
      drop: () => {
        early = undefined;
        session.socket.destroy();
      },
      // Told at once when the publish ended before anyone listened.
      onEnd: (listener) => (state.ended ? queueMicrotask(listener) : state.end.add(listener)),
    });
  };

  const endPublish = (session: object, state: PublishState) => {
    publishers.delete(session);
    state.ended = true;
    for (const listener of state.end) listener();
  };

  const onDonePublish = (session: any) => {
    const state = publishers.get(session);
    if (state) endPublish(session, state);
  };

  // Only Plateau's own subscriber reads a live: RTMP players are turned away.
  const onPrePlay = (session: any) => session.socket.destroy();

  events.on('prePublish', onPrePublish);
  events.on('postPublish', onPostPublish);
  events.on('donePublish', onDonePublish);
  events.on('prePlay', onPrePlay);
  return {
    port,
    stop() {
      events.off('prePublish', onPrePublish);
      events.off('postPublish', onPostPublish);
      events.off('donePublish', onDonePublish);
      events.off('prePlay', onPrePlay);
      server.stop();
      // Sessions destroyed above end their publishes: tell the station now, not never.
      for (const [session, state] of publishers) endPublish(session, state);
      running = false;
    },
  };
};
