import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { openAdvisoryLockSession, type AdvisoryLockSession } from '../db/advisory-lock-session.ts';

/** tus's own default: a request waits this long for an upload's lock, then answers 500. */
const ACQUIRE_TIMEOUT_MS = 30_000;
/** How often a waiting request tries the lock again. */
const RETRY_MS = 100;
/** How often it asks another process's holder again (a new holder may have come meanwhile). */
const ASK_AGAIN_MS = 1_000;

interface Holder {
  /** Stops the holding request (tus ends its PATCH and answers); a no-op for the sweep. */
  requestRelease: RequestRelease;
  /** False while the shared lock is being asked for: nobody to ask to release yet. */
  held: boolean;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The locks of resumable uploads (tus's Locker: one request at a time on an upload; a newcomer
 * asks the holder to stop, and the holder's PATCH ends and answers). In memory within this
 * process; with `shared`, also across every process of one PostgreSQL database, so that a
 * client resuming through another instance after a cut never writes beside the request still
 * running on the first, nor reads its offset mid-write.
 */
export class UploadLocker implements Locker {
  private readonly holders = new Map<string, Holder>();
  private readonly shared?: AdvisoryLockSession;

  constructor(
    shared?: (events: { onReleaseAsked(id: string): void; onLost(): void }) => AdvisoryLockSession,
    readonly timeoutMs = ACQUIRE_TIMEOUT_MS,
  ) {
    this.shared = shared?.({
      onReleaseAsked: (id) => this.askLocalHolder(id),
      // PostgreSQL let go of every lock of the lost connection: their holders must stop too.
      onLost: () => {
        for (const id of this.holders.keys()) this.askLocalHolder(id);
      },
    });
  }

  newLock(id: string): Lock {
    return new UploadLock(this, id);
  }

  /** The lock of `id` if nobody holds it now, without asking a holder: the expiry sweep's. */
  async tryLock(id: string): Promise<Lock | null> {
    const lock = new UploadLock(this, id);
    return (await lock.acquire(() => undefined)) ? lock : null;
  }

  async close(): Promise<void> {
    await this.shared?.close();
  }

  /** @internal Takes `id` for `holder` if free here and, when shared, everywhere. */
  async take(id: string, holder: Holder): Promise<boolean> {
    // Reserved before asking PostgreSQL: its session would grant a second request of this
    // process the lock it already holds.
    if (this.holders.has(id)) return false;
    this.holders.set(id, holder);
    const taken = this.shared ? await this.shared.tryLock(id).catch(() => false) : true;
    if (!taken) this.holders.delete(id);
    holder.held = taken;
    return taken;
  }

  /** @internal */
  async give(id: string, holder: Holder): Promise<void> {
    if (this.holders.get(id) !== holder) throw new Error('Releasing an unlocked lock!');
    this.holders.delete(id);
    // A lost connection already released it.
    await this.shared?.unlock(id).catch(() => undefined);
  }

  /** @internal Asks whoever holds `id` to let it go: a request here, or another process. */
  async askHolder(id: string, otherProcesses: boolean): Promise<void> {
    if (this.holders.has(id)) return this.askLocalHolder(id);
    if (otherProcesses) await this.shared?.askRelease(id).catch(() => undefined);
  }

  private askLocalHolder(id: string): void {
    const holder = this.holders.get(id);
    if (holder?.held) void Promise.resolve(holder.requestRelease()).catch(() => undefined);
  }
}

class UploadLock implements Lock {
  private holder?: Holder;

  constructor(
    private readonly locker: UploadLocker,
    private readonly id: string,
  ) {}

  acquire(requestRelease: RequestRelease): Promise<boolean> {
    const holder: Holder = { requestRelease, held: false };
    this.holder = holder;
    return this.locker.take(this.id, holder);
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.timeoutMs;
    let askedAt = 0;
    for (;;) {
      if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (await this.acquire(requestRelease)) return;
      const now = Date.now();
      if (now > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      const askOthers = now - askedAt >= ASK_AGAIN_MS;
      if (askOthers) askedAt = now;
      await this.locker.askHolder(this.id, askOthers);
      await pause(RETRY_MS, stopSignal);
    }
  }

  async unlock(): Promise<void> {
    if (!this.holder) throw new Error('Releasing an unlocked lock!');
    await this.locker.give(this.id, this.holder);
    this.holder = undefined;
  }
}

/**
 * The uploads' locker for this process: shared through PostgreSQL when the database is one
 * (several instances may serve the site), in memory with the embedded one (one process).
 */
export const createUploadLocker = (databaseUrl: string | undefined): UploadLocker =>
  databaseUrl
    ? new UploadLocker((events) => openAdvisoryLockSession(databaseUrl, events))
    : new UploadLocker();
