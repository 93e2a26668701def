/** Hand-built MP4 boxes, for the tests that read a recording date (no real video needed). */

const MP4_EPOCH_OFFSET = 2_082_844_800;

const typed = (bytes: Uint8Array, type: string, at: number) =>
  [...type].forEach((char, index) => bytes.set([char.charCodeAt(0)], at + index));

/** A box: 32-bit size, four-letter type, content. */
export const box = (type: string, ...content: Uint8Array[]) => {
  const bytes = join(new Uint8Array(8), ...content);
  new DataView(bytes.buffer).setUint32(0, bytes.length);
  typed(bytes, type, 4);
  return bytes;
};

/** A 64-bit-size box (size field 1), as cameras write an `mdat` over 4 GB. */
export const largeBox = (type: string, content: Uint8Array) => {
  const bytes = join(new Uint8Array(16), content);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 1);
  typed(bytes, type, 4);
  view.setBigUint64(8, BigInt(bytes.length));
  return bytes;
};

/** An `mvhd` of version 0 (32-bit times) or 1 (64-bit times) with this creation time. */
export const mvhd = (creation: Date | 0, version: 0 | 1 = 0) => {
  const seconds = creation === 0 ? 0 : creation.getTime() / 1000 + MP4_EPOCH_OFFSET;
  const body = new Uint8Array(version === 1 ? 112 : 100);
  const view = new DataView(body.buffer);
  view.setUint8(0, version);
  if (version === 1) view.setBigUint64(4, BigInt(seconds));
  else view.setUint32(4, seconds);
  return box('mvhd', body);
};

export const join = (...parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
};

export const ftyp = box('ftyp', new TextEncoder().encode('isom\0\0\0\0isomiso2'));

/** A camera's file: `ftyp`, the media, then `moov` with its recording date at the end. */
export const recordedMp4 = (recorded: Date, mediaBytes = 2000) =>
  join(ftyp, box('mdat', new Uint8Array(mediaBytes)), box('moov', mvhd(recorded)));
