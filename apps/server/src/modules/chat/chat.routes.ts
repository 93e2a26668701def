import { Type } from '@fastify/type-provider-typebox';
import {
  CHAT_CONNECTIONS_PER_ADDRESS,
  ChatForbiddenWords,
  ChatMessage,
  ChatMessageParams,
  ChatModerationList,
  ChatMuteBody,
  ChatMuteParams,
  ChatPage,
  ChatPageQuery,
  ChatPostBody,
  ChatReplay,
  ChatSettingsBody,
  ChatState,
  chatMessages,
  ErrorResponses,
  IdParams,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { createChatHub } from './chat-hub.ts';
import { watchChatReaders } from './chat-readers.ts';
import { openChatStream } from './chat-stream.ts';
import { chatReplayOf } from './chat-replay.ts';
import { createChatService } from './chat.service.ts';

const tags = ['chat'];

const EventsQuery = Type.Object({
  token: Type.Optional(Type.String()),
  /** The last message id the page has: the stream starts after it. */
  after: Type.Optional(Type.Integer({ minimum: 0 })),
});

/**
 * The chat of the direct (issue 36): its messages and moderation over plain calls, and each
 * reader's Server-Sent Events stream, fed across processes through NOTIFY.
 */
export const chatRoutes: FeatureModule = ({ db, database }) => {
  const chat = createChatService({ db });
  return async (app) => {
    const hub = createChatHub({
      listen: (channel, onPayload, onGap) => database.listen(channel, onPayload, onGap),
      messagesAfter: (directId, after) => chat.messagesAfter(directId, after),
      statesFor: chat.statesFor,
      onError: (what, error) => app.log.error({ err: error }, what),
    });
    await hub.start();
    const readers = watchChatReaders({
      hub,
      viewersOfTokens: (tokens) => app.viewersOfTokens(tokens),
      mayRead: chat.mayRead,
      onError: (error) => app.log.error({ err: error }, 'chat: checking readers'),
    });
    // The streams end before the server waits for its connections to close.
    app.addHook('preClose', async () => {
      readers.stop();
      await hub.stop();
    });

    app.get(
      '/directs/:id/chat',
      {
        schema: {
          tags,
          summary: "Le chat d'un direct : son état et ses derniers messages",
          params: IdParams,
          querystring: ChatPageQuery,
          response: { 200: ChatPage, ...ErrorResponses },
        },
      },
      (request) => chat.page(request.viewer, request.params.id, request.query.before),
    );

    app.get(
      '/videos/:id/chat',
      {
        schema: {
          tags,
          summary: 'Revoir le chat : les messages du direct aux moments de sa REDIFF',
          params: IdParams,
          response: { 200: ChatReplay, ...ErrorResponses },
        },
      },
      (request) => chatReplayOf(db, request.viewer, request.params.id),
    );

    app.get(
      '/directs/:id/chat/events',
      {
        // EventSource sends no header: the token comes as `?token=`.
        config: { tokenInQuery: true },
        schema: {
          tags,
          summary: "Les événements du chat d'un direct (Server-Sent Events)",
          params: IdParams,
          querystring: EventsQuery,
          response: ErrorResponses,
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        await chat.mayRead(request.viewer, id);
        const address = request.ip;
        if (!readers.admit(address, CHAT_CONNECTIONS_PER_ADDRESS)) {
          throw tooManyRequests(chatMessages.tooManyConnections, 10);
        }
        // EventSource's own reconnection says where it was; a page says what it loaded.
        const resumed = Number(request.headers['last-event-id']);
        const after =
          Number.isSafeInteger(resumed) && resumed > 0
            ? resumed
            : (request.query.after ?? (await chat.lastMessageId(id)));
        const token =
          request.query.token ?? request.headers.authorization?.replace(/^Bearer /i, '');
        reply.hijack();
        const reader = openChatStream(
          reply.raw,
          { directId: id, viewer: request.viewer, lastSent: after },
          (closed) => {
            hub.remove(closed);
            readers.forget(closed);
          },
        );
        readers.follow(reader, address, token);
        await hub.add(reader);
      },
    );

    app.post(
      '/directs/:id/chat',
      {
        bodyLimit: 8 * 1024,
        schema: {
          tags,
          summary: 'Écrire dans le chat (comptes connectés qui peuvent voir le direct)',
          params: IdParams,
          body: ChatPostBody,
          response: { 201: ChatMessage, ...ErrorResponses },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await chat.post(request.viewer, request.params.id, request.body.body)),
    );

    app.delete(
      '/directs/:id/chat/messages/:messageId',
      {
        schema: {
          tags,
          summary: 'Supprimer un message (membres)',
          params: ChatMessageParams,
          response: { 204: Type.Null(), ...ErrorResponses },
        },
      },
      async (request, reply) => {
        await chat.remove(request.viewer, request.params.id, request.params.messageId);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/directs/:id/chat/settings',
      {
        schema: {
          tags,
          summary:
            'Mode lent, réservé aux membres, message épinglé (membres) ; ouvrir ou fermer (geeks)',
          params: IdParams,
          body: ChatSettingsBody,
          response: { 200: ChatState, ...ErrorResponses },
        },
      },
      (request) => chat.settings(request.viewer, request.params.id, request.body),
    );

    app.post(
      '/directs/:id/chat/mutes',
      {
        schema: {
          tags,
          summary: 'Rendre un compte muet 5 minutes ou pour le reste du direct (membres)',
          params: IdParams,
          body: ChatMuteBody,
          response: { 204: Type.Null(), ...ErrorResponses },
        },
      },
      async (request, reply) => {
        await chat.mute(request.viewer, request.params.id, request.body);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/directs/:id/chat/mutes/:userId',
      {
        schema: {
          tags,
          summary: 'Rendre la parole à un compte (membres)',
          params: ChatMuteParams,
          response: { 204: Type.Null(), ...ErrorResponses },
        },
      },
      async (request, reply) => {
        await chat.unmute(request.viewer, request.params.id, request.params.userId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/directs/:id/chat/moderation',
      {
        schema: {
          tags,
          summary: 'Le journal de modération du chat (geeks)',
          params: IdParams,
          response: { 200: ChatModerationList, ...ErrorResponses },
        },
      },
      (request) => chat.moderation(request.viewer, request.params.id),
    );

    app.get(
      '/directs/:id/chat/export.csv',
      {
        schema: {
          tags,
          summary: 'La conversation en CSV (geeks)',
          params: IdParams,
          response: { 200: Type.String(), ...ErrorResponses },
        },
      },
      async (request, reply) => {
        const csv = await chat.exportCsv(request.viewer, request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="chat-direct-${request.params.id}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.delete(
      '/directs/:id/chat',
      {
        schema: {
          tags,
          summary: 'Supprimer toute la conversation (geeks)',
          params: IdParams,
          response: { 204: Type.Null(), ...ErrorResponses },
        },
      },
      async (request, reply) => {
        await chat.clear(request.viewer, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/chatForbiddenWords',
      {
        schema: {
          tags,
          summary: 'Les mots interdits dans le chat (geeks)',
          response: { 200: ChatForbiddenWords, ...ErrorResponses },
        },
      },
      (request) => chat.forbiddenWords(request.viewer),
    );

    app.put(
      '/chatForbiddenWords',
      {
        schema: {
          tags,
          summary: 'Changer les mots interdits dans le chat (geeks)',
          body: ChatForbiddenWords,
          response: { 200: ChatForbiddenWords, ...ErrorResponses },
        },
      },
      (request) => chat.setForbiddenWords(request.viewer, request.body.words),
    );
  };
};
