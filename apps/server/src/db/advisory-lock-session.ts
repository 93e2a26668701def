import pg from 'pg';

/** The channel on which a process asks the others to let go of a name (payload: the name). */
const RELEASE_CHANNEL = 'plateau_lock_release';

/**
 * Named locks shared by every process of one PostgreSQL database: session advisory locks keyed
 * by a 64-bit hash of the name, and LISTEN/NOTIFY to ask another process to release one.
 */
export interface AdvisoryLockSession {
  /** Takes the lock of `name` if no other session holds it; false when one does. */
  tryLock(name: string): Promise<boolean>;
  /** Lets go of `name` (nothing to do when the connection that took it is gone). */
  unlock(name: string): Promise<void>;
  /** Asks the process holding `name`, whichever it is, to release it. */
  askRelease(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface AdvisoryLockSessionEvents {
  /** Another process wants `name`, which this process may hold. */
  onReleaseAsked(name: string): void;
  /** The connection broke: PostgreSQL released every lock it held. */
  onLost(): void;
}

/**
 * One dedicated connection per process, opened on first use and again after a loss: it holds
 * every lock this process takes and listens for release requests. One connection (not one per
 * lock) keeps a busy evening's uploads from emptying the query pool; the caller makes sure a
 * name is taken once per process, since PostgreSQL lets one session take a lock twice.
 */
export const openAdvisoryLockSession = (
  connectionString: string,
  events: AdvisoryLockSessionEvents,
): AdvisoryLockSession => {
  /** The connection of this process, opening or open; null until used and after a loss. */
  let current: { client: pg.Client; ready: Promise<void> } | null = null;
  /** Names locked on the current connection: a name taken on a lost one is no longer held. */
  let held = new Set<string>();
  let closed = false;

  const lose = (client: pg.Client) => {
    if (current?.client !== client) return;
    current = null;
    held = new Set();
    client.end().catch(() => undefined);
    events.onLost();
  };

  const open = () => {
    // keepAlive: a network cut is noticed, and the holders of the locks it dropped are told.
    const client = new pg.Client({ connectionString, keepAlive: true });
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    client.on('notification', (message) => {
      // This process's own requests are answered in memory by its locker.
      // (pg sets processID from the server's key data; its types leave it out.)
      const own = (client as unknown as { processID?: number }).processID;
      if (message.processId === own || !message.payload) return;
      events.onReleaseAsked(message.payload);
    });
    const ready = client
      .connect()
      .then(() => client.query(`listen ${RELEASE_CHANNEL}`))
      .then(() => undefined);
    ready.catch(() => lose(client));
    return { client, ready };
  };

  const connection = async (): Promise<pg.Client> => {
    if (closed) throw new Error('advisory lock session closed');
    current ??= open();
    const { client, ready } = current;
    await ready;
    return client;
  };

  return {
    async tryLock(name) {
      const client = await connection();
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
        [name],
      );
      // Taken on a connection lost meanwhile, the lock is already gone.
      if (rows[0]?.locked !== true || current?.client !== client) return false;
      held.add(name);
      return true;
    },
    async unlock(name) {
      if (!held.delete(name) || !current) return;
      await current.client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    },
    async askRelease(name) {
      const client = await connection();
      await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, name]);
    },
    async close() {
      closed = true;
      const last = current;
      current = null;
      held = new Set();
      await last?.client.end().catch(() => undefined);
    },
  };
};
