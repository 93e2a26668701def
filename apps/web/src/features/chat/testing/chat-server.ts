import { http, HttpResponse } from 'msw';
import type {
  ChatMessage,
  ChatMuteBody,
  ChatPage,
  ChatSettingsBody,
  ChatState,
} from '@plateau/contract';
import { emptyChat } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';

/** A message of the direct 12's chat; tests change only what they look at. */
export const makeChatMessage = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 1,
  authorId: 30,
  author: 'lea',
  authorIsMember: false,
  body: 'Trop bien ce spectacle',
  sentAt: '2026-11-21T19:05:00Z',
  recordingSeconds: 120,
  ...overrides,
});

/** A student who may write. */
export const writerState = (overrides: Partial<ChatState> = {}): ChatState => ({
  ...emptyChat.state,
  canWrite: true,
  ...overrides,
});

const refusal = (status: number, message: string, headers?: Record<string, string>) =>
  HttpResponse.json({ statusCode: status, error: 'Refusé', message }, { status, headers });

interface ChatServerOptions {
  state?: ChatState;
  messages?: ChatMessage[];
  hasOlder?: boolean;
  /** What `POST directs/12/chat` answers: the message made, or a refusal. */
  post?: (body: string) => ChatMessage | { status: number; message: string };
}

/**
 * A direct's chat on the server: `sent` records every chat call the page makes (bodies posted,
 * messages deleted, settings and mutes asked, pages read).
 */
export const chatServer = ({
  state = emptyChat.state,
  messages = [],
  hasOlder = false,
  post,
}: ChatServerOptions = {}) => {
  const sent = {
    posts: [] as string[],
    deleted: [] as number[],
    settings: [] as ChatSettingsBody[],
    mutes: [] as ChatMuteBody[],
    reads: [] as string[],
  };
  const page: ChatPage = { state, messages, hasOlder };
  server.use(
    http.get('*/api/directs/:id/chat', ({ request }) => {
      sent.reads.push(new URL(request.url).search);
      return HttpResponse.json(page);
    }),
    http.post('*/api/directs/:id/chat', async ({ request }) => {
      const { body } = (await request.json()) as { body: string };
      sent.posts.push(body);
      const answer = post?.(body) ?? makeChatMessage({ id: 100 + sent.posts.length, body });
      return 'status' in answer
        ? refusal(answer.status, answer.message)
        : HttpResponse.json(answer, { status: 201 });
    }),
    http.delete('*/api/directs/:id/chat/messages/:messageId', ({ params }) => {
      sent.deleted.push(Number(params.messageId));
      return new HttpResponse(null, { status: 204 });
    }),
    http.put('*/api/directs/:id/chat/settings', async ({ request }) => {
      const body = (await request.json()) as ChatSettingsBody;
      sent.settings.push(body);
      const pinned =
        body.pinnedId === undefined
          ? page.state.pinned
          : (page.messages.find((message) => message.id === body.pinnedId) ?? null);
      page.state = {
        ...page.state,
        ...(body.slowModeSeconds === undefined ? {} : { slowModeSeconds: body.slowModeSeconds }),
        ...(body.membersOnly === undefined ? {} : { membersOnly: body.membersOnly }),
        pinned,
      };
      return HttpResponse.json(page.state);
    }),
    http.post('*/api/directs/:id/chat/mutes', async ({ request }) => {
      sent.mutes.push((await request.json()) as ChatMuteBody);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { sent, page };
};
