import type { ChatReplay } from '@plateau/contract';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { placeInKept, servedKept } from '../../lib/kept-ranges.ts';
import * as repository from './chat.repository.ts';

/**
 * « Revoir le chat »: the chat of a REDIFF's live at the moments of the video served now.
 * Read under the video's rule (whoever may watch it reads what was said during it), since the
 * REDIFF is published on its own terms once the direct is over.
 */
export const chatReplayOf = async (
  db: Database,
  viewer: Viewer,
  videoId: number,
): Promise<ChatReplay> => {
  const video = requireVisible(
    await repository.findReplayVideo(db, viewer, videoId),
    viewer,
    notFoundMessage.video,
  );
  const kept = servedKept(video.cut ?? undefined);
  const messages: ChatReplay['messages'] = [];
  for (const { message, recordingMs } of await repository.replayMessages(db, videoId)) {
    const at = placeInKept(kept, recordingMs);
    if (at !== null) messages.push({ ...message, videoSeconds: at / 1000 });
  }
  return { messages };
};
