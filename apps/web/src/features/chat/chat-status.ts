import type { ChatState } from '@plateau/contract';
import { chatMessages } from '@plateau/contract/constants';

const frenchTime = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

/** "21:42": the time of a message or of a mute's end, in Paris. */
export const formatChatTime = (value: string): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : frenchTime.format(date);
};

/** Why the reader cannot write now, and whether signing in would help; null when they can. */
export interface WriteBlock {
  reason: string;
  signIn: boolean;
}

/**
 * The reason shown in place of the field, the most useful first: a closed chat, a visitor, a
 * mute (until when), members only. A muted student sees why and until when.
 */
export const writeBlock = (state: ChatState, signedIn: boolean): WriteBlock | null => {
  if (state.canWrite) return null;
  const block = (reason: string, signIn = false) => ({ reason, signIn });
  if (!state.enabled) return block(chatMessages.off);
  if (!signedIn) return block(chatMessages.signIn, true);
  if (state.mutedUntil === null) return block('Vous êtes rendu muet pour le reste du direct');
  if (state.mutedUntil !== undefined)
    return block(`Vous êtes rendu muet jusqu'à ${formatChatTime(state.mutedUntil)}`);
  if (state.membersOnly) return block(chatMessages.membersOnly);
  return block('Vous ne pouvez pas écrire dans ce chat');
};

/** « Mode lent » as every reader sees it; null when off. */
export const slowModeText = (seconds: number) =>
  seconds > 0 ? `Mode lent : un message toutes les ${seconds} s` : null;

/** Characters as a person counts them (an emoji is one), as the limit is meant. */
export const chatLength = (text: string) => [...text].length;
