import { visibilityClass } from '../../access/visibility.ts';
import { HttpError } from '../../lib/errors.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { ChatHub, ChatReader } from './chat-hub.ts';

/** How often every open stream's token and right to watch are checked again. */
export const CHAT_RECHECK_MS = 3_000;

const sameViewer = (a: Viewer, b: Viewer) =>
  a?.userId === b?.userId &&
  a?.role === b?.role &&
  a?.gdaAccess === b?.gdaAccess &&
  a?.username === b?.username;

/**
 * The open streams' owners: how many one address holds (bounded), and, every few seconds,
 * each stream's token read again from the account as it is now. A revoked or expired token,
 * or a viewer who may no longer watch the direct (demoted, its privacy changed), is cut off;
 * a changed role gets its new state (moderation, writing).
 */
export const watchChatReaders = ({
  hub,
  viewersOfTokens,
  mayRead,
  onError,
}: {
  hub: ChatHub;
  viewersOfTokens(tokens: string[]): Promise<Map<string, Viewer>>;
  mayRead(viewer: Viewer, directId: number): Promise<void>;
  onError(error: unknown): void;
}) => {
  const byAddress = new Map<string, number>();
  const owners = new Map<ChatReader, { address: string; token: string | undefined }>();

  const recheck = async () => {
    // The streams open now: one that opens while the accounts are read waits for the next pass.
    const open = [...owners];
    // Every stream's account in one read: 500 readers are one query every few seconds.
    const viewers = await viewersOfTokens(
      open.flatMap(([, { token }]) => (token === undefined ? [] : [token])),
    );
    const allowed = new Map<string, Promise<boolean>>();
    for (const [reader, { token }] of open) {
      if (!owners.has(reader)) continue;
      const viewer = token === undefined ? null : (viewers.get(token) ?? null);
      if (token !== undefined && viewer === null) {
        reader.close();
        continue;
      }
      // One look per direct and class of viewers: they all see the same directs.
      const key = `${reader.directId}:${visibilityClass(viewer)}`;
      if (!allowed.has(key)) {
        allowed.set(
          key,
          mayRead(viewer, reader.directId).then(
            () => true,
            // Only a refusal cuts the streams off; a database that failed a moment keeps them
            // (the pass is logged and the next one checks again).
            (error: unknown) => {
              if (error instanceof HttpError) return false;
              throw error;
            },
          ),
        );
      }
      if (!(await allowed.get(key))) {
        reader.close();
        continue;
      }
      if (!sameViewer(reader.viewer, viewer)) {
        reader.viewer = viewer;
        void hub.refresh(reader);
      }
    }
  };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void recheck()
      .catch(onError)
      .finally(() => (running = false));
  }, CHAT_RECHECK_MS);
  timer.unref();

  return {
    /** Whether one more stream may open from this address. */
    admit: (address: string, max: number) => (byAddress.get(address) ?? 0) < max,
    follow(reader: ChatReader, address: string, token: string | undefined) {
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      owners.set(reader, { address, token });
    },
    forget(reader: ChatReader) {
      const owner = owners.get(reader);
      if (!owner) return;
      owners.delete(reader);
      const left = (byAddress.get(owner.address) ?? 1) - 1;
      if (left > 0) byAddress.set(owner.address, left);
      else byAddress.delete(owner.address);
    },
    stop: () => clearInterval(timer),
  };
};
