import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatForbiddenWords,
  ChatMessage,
  ChatModerationList,
  ChatMuteBody,
  ChatPage,
  ChatReplay,
  ChatSettingsBody,
  ChatState,
} from '@plateau/contract';
import { api, apiFetch } from '../lib/api.ts';
import { directKeys } from './directs.ts';
import { useViewer, type Viewer } from './viewer.ts';

/**
 * The chat of a direct (issue 36). What a reader may do in it depends on who asks (canWrite,
 * canModerate, their own mute): each key names the viewer.
 */
export const chatKeys = {
  all: ['chat'] as const,
  page: (viewer: Viewer, directId: number) => ['chat', viewer, 'page', directId] as const,
  moderation: (viewer: Viewer, directId: number) =>
    ['chat', viewer, 'moderation', directId] as const,
  /** A REDIFF's chat (« Revoir le chat »): it follows the video's visibility, so whose it is. */
  replay: (viewer: Viewer, videoId: number) => ['chat', viewer, 'replay', videoId] as const,
  /** The forbidden words are the same for every geek. */
  forbiddenWords: ['chat', 'forbiddenWords'] as const,
};

const chatPath = (directId: number) => `directs/${directId}/chat`;

/** `GET directs/{id}/chat`: the state and the last messages, oldest first. */
export const chatPageQuery = (viewer: Viewer, directId: number) =>
  queryOptions({
    queryKey: chatKeys.page(viewer, directId),
    queryFn: ({ signal }) => api.get<ChatPage>(chatPath(directId), { signal }),
    // Read afresh when the panel opens (its stream then resumes after it); while open, the
    // stream keeps it current, and a refetch would only race the events.
    refetchOnMount: 'always',
    staleTime: Infinity,
  });

/** `GET directs/{id}/chat?before=`: the page of messages before `before` (« Messages précédents »). */
export const fetchOlderChat = (directId: number, before: number) =>
  api.get<ChatPage>(chatPath(directId), { query: { before } });

/** `GET directs/{id}/chat/moderation` (geeks): who did what, latest as the server orders it. */
export const chatModerationQuery = (viewer: Viewer, directId: number) =>
  queryOptions({
    queryKey: chatKeys.moderation(viewer, directId),
    queryFn: ({ signal }) =>
      api.get<ChatModerationList>(`${chatPath(directId)}/moderation`, { signal }),
    refetchOnMount: 'always',
  });

/**
 * `GET videos/{id}/chat`: the chat of the live a REDIFF records, each message where it falls in
 * the video; empty for any other video. Read afresh on each visit: a cut moves its times.
 */
export const chatReplayQuery = (viewer: Viewer, videoId: number) =>
  queryOptions({
    queryKey: chatKeys.replay(viewer, videoId),
    queryFn: ({ signal }) => api.get<ChatReplay>(`videos/${videoId}/chat`, { signal }),
  });

/** `GET chatForbiddenWords` (geeks). */
export const forbiddenWordsQuery = queryOptions({
  queryKey: chatKeys.forbiddenWords,
  queryFn: ({ signal }) => api.get<ChatForbiddenWords>('chatForbiddenWords', { signal }),
  refetchOnMount: 'always',
});

/** Adds messages to a list ordered by id, never twice (the stream and a send both bring it). */
export const mergeMessages = (
  list: readonly ChatMessage[],
  added: readonly ChatMessage[],
): ChatMessage[] => {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of added) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
};

export const useChatPage = (directId: number, enabled = true) =>
  useQuery({ ...chatPageQuery(useViewer(), directId), enabled });

export const useChatReplay = (videoId: number, enabled: boolean) =>
  useQuery({ ...chatReplayQuery(useViewer(), videoId), enabled });

export const useChatModeration = (directId: number) =>
  useQuery(chatModerationQuery(useViewer(), directId));

export const useForbiddenWords = () => useQuery(forbiddenWordsQuery);

/** Changes the reader's cached page, when there is one (a cleared cache stays cleared). */
const usePageUpdater = (directId: number) => {
  const client = useQueryClient();
  const viewer = useViewer();
  return (update: (page: ChatPage) => ChatPage) =>
    client.setQueryData<ChatPage>(chatKeys.page(viewer, directId), (page) =>
      page ? update(page) : page,
    );
};

/** `POST directs/{id}/chat`: the message sent joins the list at once (the stream echoes it). */
export const useSendChatMessage = (directId: number) => {
  const updatePage = usePageUpdater(directId);
  return useMutation({
    mutationFn: (body: string) => api.post<ChatMessage>(chatPath(directId), { body }),
    onSuccess: (message) =>
      updatePage((page) => ({ ...page, messages: mergeMessages(page.messages, [message]) })),
  });
};

/** `DELETE directs/{id}/chat/messages/{messageId}` (members and geeks). */
export const useDeleteChatMessage = (directId: number) => {
  const updatePage = usePageUpdater(directId);
  return useMutation({
    mutationFn: (messageId: number) =>
      api.delete<void>(`${chatPath(directId)}/messages/${messageId}`),
    onSuccess: (_, messageId) =>
      updatePage((page) => ({
        ...page,
        messages: page.messages.filter((message) => message.id !== messageId),
      })),
  });
};

/**
 * `PUT directs/{id}/chat/settings`: slow mode, members only, the pinned message (members and
 * geeks), the chat on or off (geeks). Turning it on or off changes the direct too.
 */
export const useChatSettings = (directId: number) => {
  const client = useQueryClient();
  const updatePage = usePageUpdater(directId);
  return useMutation({
    mutationFn: (body: ChatSettingsBody) =>
      api.put<ChatState>(`${chatPath(directId)}/settings`, body),
    onSuccess: async (state, body) => {
      updatePage((page) => ({ ...page, state }));
      if (body.enabled !== undefined) {
        await client.invalidateQueries({ queryKey: directKeys.all });
        await client.invalidateQueries({ queryKey: chatKeys.all });
      }
    },
  });
};

/** `POST directs/{id}/chat/mutes`: 5 minutes or the rest of the direct. */
export const useMuteChatAuthor = (directId: number) =>
  useMutation({
    mutationFn: (body: ChatMuteBody) => api.post<void>(`${chatPath(directId)}/mutes`, body),
  });

/** `DELETE directs/{id}/chat` (geeks): the whole conversation goes. */
export const useClearChat = (directId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(chatPath(directId)),
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
};

/** `PUT chatForbiddenWords` (geeks): the whole list at once. */
export const useSaveForbiddenWords = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (words: string[]) => api.put<ChatForbiddenWords>('chatForbiddenWords', { words }),
    onSuccess: (saved) => client.setQueryData(chatKeys.forbiddenWords, saved),
  });
};

/** `GET directs/{id}/chat/export.csv` (geeks): the file, with the bearer header like every call. */
export const fetchChatExport = async (directId: number): Promise<Blob> =>
  (await apiFetch(`${chatPath(directId)}/export.csv`)).blob();
