import { describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/config-error.ts';
import { readMediaStorage, readS3Settings } from './s3-settings.ts';

const complete = {
  MEDIA_STORAGE: 's3',
  S3_ENDPOINT: 'https://s3.fr-par.scw.cloud/',
  S3_BUCKET: 'plateau-media',
  S3_ACCESS_KEY_ID: 'SCWKEY',
  S3_SECRET_ACCESS_KEY: 'secret-value',
};

const failure = (env: Record<string, string | undefined>) => {
  try {
    readMediaStorage(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('MEDIA_STORAGE and the S3 settings', () => {
  it('keeps the local directory by default, whatever S3 settings are around', () => {
    expect(readMediaStorage({})).toEqual({ kind: 'local' });
    expect(readMediaStorage({ MEDIA_STORAGE: '', S3_BUCKET: 'Not Valid' })).toEqual({
      kind: 'local',
    });
    expect(readMediaStorage({ MEDIA_STORAGE: 'LOCAL' })).toEqual({ kind: 'local' });
  });

  it('on the local directory, still reaches a bucket named with its endpoint (media moved there)', () => {
    const moving = readMediaStorage({ ...complete, MEDIA_STORAGE: 'local' });
    expect(moving).toMatchObject({ kind: 'local', s3: { bucket: 'plateau-media' } });
  });

  it('reads a bucket with the defaults: us-east-1, path-style, no prefix, proxy delivery', () => {
    expect(readMediaStorage(complete)).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'https://s3.fr-par.scw.cloud',
        region: 'us-east-1',
        bucket: 'plateau-media',
        accessKeyId: 'SCWKEY',
        secretAccessKey: 'secret-value',
        forcePathStyle: true,
        prefix: '',
        delivery: 'proxy',
      },
    });
  });

  it('reads every optional setting', () => {
    const s3 = readS3Settings({
      ...complete,
      S3_REGION: 'fr-par',
      S3_FORCE_PATH_STYLE: 'false',
      S3_PREFIX: '/sites/lycee-a',
      S3_DELIVERY: 'Redirect',
    });
    expect(s3).toMatchObject({
      region: 'fr-par',
      forcePathStyle: false,
      prefix: 'sites/lycee-a/',
      delivery: 'redirect',
    });
    expect(readS3Settings({ ...complete, S3_PREFIX: 'run-1/' }).prefix).toBe('run-1/');
    expect(readS3Settings({ ...complete, S3_FORCE_PATH_STYLE: '1' }).forcePathStyle).toBe(true);
  });

  it.each([
    [{ MEDIA_STORAGE: 'swift' }, /^MEDIA_STORAGE must be local or s3 \(got "swift"\)/],
    [{ ...complete, S3_ENDPOINT: undefined }, /^S3_ENDPOINT is required when MEDIA_STORAGE=s3/],
    [{ ...complete, S3_ENDPOINT: 'ftp://store' }, /^S3_ENDPOINT must start with http: or https:/],
    [{ ...complete, S3_ENDPOINT: 'not a url' }, /^S3_ENDPOINT must be a URL/],
    [{ ...complete, S3_ENDPOINT: 'https://k:s@store' }, /^S3_ENDPOINT must be a plain URL/],
    [{ ...complete, S3_ENDPOINT: 'https://store/?x=1' }, /^S3_ENDPOINT must be a plain URL/],
    [{ ...complete, S3_BUCKET: '  ' }, /^S3_BUCKET is required when MEDIA_STORAGE=s3/],
    [{ ...complete, S3_BUCKET: 'Plateau_Media' }, /^S3_BUCKET must be 3 to 63 lowercase/],
    [{ ...complete, S3_BUCKET: 'ab' }, /^S3_BUCKET must be 3 to 63/],
    [{ ...complete, S3_ACCESS_KEY_ID: '' }, /^S3_ACCESS_KEY_ID is required/],
    [{ ...complete, S3_SECRET_ACCESS_KEY: undefined }, /^S3_SECRET_ACCESS_KEY is required/],
    [{ ...complete, S3_REGION: 'eu west' }, /^S3_REGION must be a region name/],
    [{ ...complete, S3_FORCE_PATH_STYLE: 'maybe' }, /^S3_FORCE_PATH_STYLE must be true or false/],
    [{ ...complete, S3_PREFIX: 'a/../b' }, /^S3_PREFIX must be path segments/],
    [{ ...complete, S3_PREFIX: 'a b' }, /^S3_PREFIX must be path segments/],
    [{ ...complete, S3_DELIVERY: 'cdn' }, /^S3_DELIVERY must be proxy or redirect \(got "cdn"\)/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(failure(env)).toMatch(message);
  });

  it('never repeats the secret in a message', () => {
    expect(failure({ ...complete, S3_BUCKET: 'BAD' })).not.toContain('secret-value');
  });
});
