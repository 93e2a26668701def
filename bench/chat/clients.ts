import http from 'node:http';

/**
 * The readers and writers of `npm run bench:chat`, in a process of their own (forked by
 * chat.bench.ts), so the server's CPU time is its own. Each reader holds one Server-Sent Events
 * stream, as a browser's EventSource does; the readers are spread over several loopback
 * addresses (127.0.0.2, 127.0.0.3...), as students come from their own homes, since the server
 * admits a bounded number of streams per address. Each writer posts a message every
 * `everySeconds`, its send time in its text; a reader that receives it notes when.
 */
export interface ClientsJob {
  origin: string;
  /** The stream's path (its `?token=` added per reader when given) and the POST's. */
  eventsPath: string;
  postPath: string;
  readerTokens: (string | null)[];
  writerTokens: (string | null)[];
  /** Loopback addresses the readers connect from, in turn. */
  addresses: string[];
  seconds: number;
  everySeconds: number;
}

export interface ClientsResult {
  readers: number;
  /** Readers whose stream was open when the writers began. */
  connected: number;
  sent: number;
  /** Answers to the writers' POSTs by status. */
  byStatus: Record<string, number>;
  /** Deliveries expected (messages accepted x readers connected) and made. */
  expected: number;
  delivered: number;
  duplicates: number;
  /** Milliseconds from send to each reader (p50, p99, max), and to the last reader of each message. */
  each: { p50: number; p99: number; max: number };
  last: { p50: number; p99: number; max: number };
  /** Streams closed by the server or failed during the run. */
  dropped: number;
  firstError?: string;
}

const quantiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length === 0
      ? 0
      : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
};

const MARK = 'bench';

const run = async (job: ClientsJob): Promise<ClientsResult> => {
  const url = new URL(job.origin);
  const received = new Map<string, number[]>();
  const sentAt = new Map<string, number>();
  const accepted = new Set<string>();
  const byStatus: Record<string, number> = {};
  let duplicates = 0;
  let dropped = 0;
  let firstError: string | undefined;
  let running = true;
  const streams: http.ClientRequest[] = [];
  const seenBy = job.readerTokens.map(() => new Set<string>());

  const open = (reader: number) =>
    new Promise<void>((resolve) => {
      const token = job.readerTokens[reader];
      const path = token ? `${job.eventsPath}?token=${encodeURIComponent(token)}` : job.eventsPath;
      const request = http.request({
        host: url.hostname,
        port: url.port,
        path,
        localAddress: job.addresses[reader % job.addresses.length],
        agent: false,
        headers: { accept: 'text/event-stream' },
      });
      streams.push(request);
      request.on('response', (response) => {
        if (response.statusCode !== 200) {
          firstError ??= `stream ${response.statusCode}`;
          response.resume();
          resolve();
          return;
        }
        resolve();
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (text: string) => {
          const now = Date.now();
          buffer += text;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!event.includes('event: message')) continue;
            const data = event.slice(event.indexOf('data: ') + 6);
            const body = (JSON.parse(data) as { body: string }).body;
            if (!body.startsWith(MARK)) continue;
            if (seenBy[reader]!.has(body)) {
              duplicates += 1;
              continue;
            }
            seenBy[reader]!.add(body);
            const times = received.get(body) ?? [];
            times.push(now);
            received.set(body, times);
          }
        });
        response.on('close', () => {
          if (running) dropped += 1;
        });
      });
      request.on('error', (error) => {
        if (running) {
          dropped += 1;
          firstError ??= error.message;
        }
        resolve();
      });
      request.end();
    });

  // Opened 25 at a time, as a crowd arrives, not all in the same millisecond.
  for (let at = 0; at < job.readerTokens.length; at += 25) {
    await Promise.all(job.readerTokens.slice(at, at + 25).map((_token, index) => open(at + index)));
  }
  const connected = streams.filter((stream) => !stream.destroyed).length;

  const agent = new http.Agent({ keepAlive: true });
  const post = (writer: number, sequence: number) =>
    new Promise<void>((resolve) => {
      const sent = Date.now();
      const body = `${MARK} ${writer}-${sequence} ${sent}`;
      const token = job.writerTokens[writer];
      const request = http.request({
        host: url.hostname,
        port: url.port,
        path: job.postPath,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          ...(token && { authorization: `Bearer ${token}` }),
        },
      });
      request.on('response', (response) => {
        const status = String(response.statusCode);
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        if (response.statusCode === 201 || response.statusCode === 200) {
          accepted.add(body);
          sentAt.set(body, sent);
        }
        response.resume();
        response.on('end', resolve);
      });
      request.on('error', (error) => {
        firstError ??= error.message;
        resolve();
      });
      request.end(JSON.stringify({ body }));
    });

  const everyMs = job.everySeconds * 1000;
  const started = Date.now();
  const writers = job.writerTokens.map(async (_token, writer) => {
    // Spread over the period: 20 writers every 2 s are a message every 100 ms.
    await new Promise((resolve) =>
      setTimeout(resolve, (writer * everyMs) / job.writerTokens.length),
    );
    for (let sequence = 0; Date.now() - started < job.seconds * 1000; sequence += 1) {
      const next =
        started + (writer * everyMs) / job.writerTokens.length + (sequence + 1) * everyMs;
      await post(writer, sequence);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
  });
  await Promise.all(writers);
  // The last messages' deliveries.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  running = false;
  for (const stream of streams) stream.destroy();
  agent.destroy();

  const each: number[] = [];
  const last: number[] = [];
  let delivered = 0;
  for (const body of accepted) {
    const times = received.get(body) ?? [];
    delivered += times.length;
    const sent = sentAt.get(body)!;
    for (const time of times) each.push(time - sent);
    if (times.length > 0) last.push(Math.max(...times) - sent);
  }
  return {
    readers: job.readerTokens.length,
    connected,
    sent: [...Object.values(byStatus)].reduce((sum, count) => sum + count, 0),
    byStatus,
    expected: accepted.size * connected,
    delivered,
    duplicates,
    each: quantiles(each),
    last: quantiles(last),
    dropped,
    ...(firstError && { firstError }),
  };
};

process.on('message', (job: ClientsJob) => {
  run(job).then(
    (result) => process.send?.(result),
    (error: Error) => process.send?.({ error: error.stack ?? error.message }),
  );
});
process.on('disconnect', () => process.exit(0));
