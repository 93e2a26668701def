import { describe, expect, it } from 'vitest';
import type { S3Settings } from '../config/s3-settings.ts';
import { redirectStoreOrigin } from './store-origin.ts';

const s3: S3Settings = {
  endpoint: 'https://s3.example.fr:9000/base',
  region: 'us-east-1',
  bucket: 'plateau-media',
  accessKeyId: 'key',
  secretAccessKey: 'secret',
  forcePathStyle: true,
  prefix: '',
  delivery: 'redirect',
};

describe('redirectStoreOrigin', () => {
  it('is the endpoint’s origin with path-style URLs, the bucket’s host otherwise', () => {
    expect(redirectStoreOrigin({ kind: 's3', s3 })).toBe('https://s3.example.fr:9000');
    expect(redirectStoreOrigin({ kind: 's3', s3: { ...s3, forcePathStyle: false } })).toBe(
      'https://plateau-media.s3.example.fr:9000',
    );
  });

  it('is null when the bytes go through Plateau', () => {
    expect(redirectStoreOrigin({ kind: 's3', s3: { ...s3, delivery: 'proxy' } })).toBeNull();
    // A site moving back to the disk serves the bucket's files through itself.
    expect(redirectStoreOrigin({ kind: 'local', s3 })).toBeNull();
    expect(redirectStoreOrigin({ kind: 'local' })).toBeNull();
  });
});
