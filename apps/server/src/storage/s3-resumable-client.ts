import type { S3 } from '@aws-sdk/client-s3';
import type { KvStore } from '@tus/server';
import { addContentMd5 } from './s3-client.ts';
import { storageFailure } from './s3-failures.ts';

type Input = {
  Key?: unknown;
  Delete?: { Objects?: { Key?: string }[] };
  ContentType?: string;
};

/**
 * Fits @tus/s3-store's own client (it builds one from our settings) to Plateau's bucket:
 * - every `Key` it names (and the keys of a bulk delete) goes under `folder`, S3_PREFIX's
 *   `uploads/`, since the store puts its objects at the bucket's root; `Prefix` parameters are
 *   left as given, so a listing names the whole prefix itself;
 * - bulk deletes carry Content-MD5 and multipart uploads a ContentType (Swift's s3api wants
 *   both);
 * - a store unreachable, failing or refusing Plateau throws StorageUnavailableError (a 503),
 *   while a missing key stays the SDK's NoSuchKey / NoSuchUpload the store tells apart.
 */
export const fitResumableClient = (client: S3, folder: string): void => {
  addContentMd5(client);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Input;
      const fitted: Input = { ...input };
      if (typeof input.Key === 'string') fitted.Key = `${folder}${input.Key}`;
      if (input.Delete?.Objects) {
        fitted.Delete = {
          ...input.Delete,
          Objects: input.Delete.Objects.map((object) => ({
            ...object,
            Key: `${folder}${object.Key ?? ''}`,
          })),
        };
      }
      if (context.commandName === 'CreateMultipartUploadCommand' && !input.ContentType) {
        fitted.ContentType = 'application/octet-stream';
      }
      try {
        return await next({ ...args, input: fitted as typeof args.input });
      } catch (error) {
        throw storageFailure(error, `${context.commandName ?? 'call'} of a resumable upload`);
      }
    },
    { step: 'initialize', name: 'plateauResumableUploads' },
  );
};

/**
 * No cache of the uploads' descriptions: another instance may remove or finish an upload, and
 * a remembered description would answer for it.
 */
export const noCache: KvStore<never> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
  list: async () => [],
};
