import net from 'node:net';

/**
 * A TCP relay in front of the test object store, which a test turns off and on to play a store
 * that goes down and comes back, without touching the store the other test files share.
 * Plain TCP: requests are signed for the relay's address and reach the store unchanged.
 */
export interface StoreProxy {
  /** `http://127.0.0.1:port`, for S3_ENDPOINT. */
  readonly endpoint: string;
  /** Refuses connections, as a stopped store does (open ones are cut). */
  stop(): Promise<void>;
  /** Relays again, on the same port. */
  start(): Promise<void>;
  /** Takes connections and never answers, as a hung store does (open ones are cut). */
  hang(): void;
  /** Cuts each connection once it has relayed `bytes` from the store (Infinity: never). */
  cutAfter(bytes: number): void;
  /**
   * Holds every request whose head matches `request` (its request line, say): from that request
   * on, its connection relays nothing more to the store until `release()`, as a store that has
   * stopped reading would. `held` counts the requests held so far.
   */
  holdRequests(request: RegExp): { held(): number; release(): void };
  close(): Promise<void>;
}

export const startStoreProxy = async (target: string): Promise<StoreProxy> => {
  const upstream = new URL(target);
  const sockets = new Set<net.Socket>();
  let hanging = false;
  let cutAfter = Number.POSITIVE_INFINITY;
  let hold: { request: RegExp; held: (() => void)[]; count: number } | null = null;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const server = net.createServer((client) => {
    track(client);
    if (hanging) return;
    const store = net.connect(Number(upstream.port), upstream.hostname);
    track(store);
    let relayed = 0;
    store.on('data', (chunk: Buffer) => {
      relayed += chunk.length;
      if (relayed > cutAfter) {
        client.destroy();
        store.destroy();
      } else client.write(chunk);
    });
    // Client to store, by hand: a held connection keeps what it was sent until released.
    let tail = '';
    const relay = (chunk: Buffer) => {
      if (!store.write(chunk)) {
        client.pause();
        store.once('drain', () => client.resume());
      }
    };
    client.on('data', (chunk: Buffer) => {
      // The last bytes of the previous chunk too: a request line may straddle two chunks.
      const text = tail + chunk.toString('latin1');
      tail = text.slice(-512);
      if (hold && hold.request.test(text)) {
        const current = hold;
        current.count += 1;
        client.pause();
        current.held.push(() => {
          relay(chunk);
          client.resume();
        });
        return;
      }
      relay(chunk);
    });
    client.on('end', () => store.end());
    store.on('close', () => client.destroy());
    client.on('close', () => store.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      cutAll();
    });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop,
    async start() {
      hanging = false;
      if (!server.listening) await listen(port);
    },
    hang() {
      hanging = true;
      cutAll();
    },
    cutAfter(bytes) {
      cutAfter = bytes;
    },
    holdRequests(request) {
      const current = { request, held: [] as (() => void)[], count: 0 };
      hold = current;
      return {
        held: () => current.count,
        release() {
          if (hold === current) hold = null;
          for (const resume of current.held.splice(0)) resume();
        },
      };
    },
    close: stop,
  };
};
