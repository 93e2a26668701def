/**
 * The ISO BMFF box layout (MP4): boxes laid end to end, each a size, a four-letter type and a
 * payload that may hold boxes of its own. Shared by the readers of fragmented MP4 (the VOD
 * segment index, the low-latency live's parts).
 */

export interface Box {
  type: string;
  /** Where the box starts in the buffer it was read from, and where its payload starts. */
  start: number;
  body: number;
  end: number;
}

export const fail = (why: string): never => {
  throw new Error(`fragmented MP4: ${why}`);
};

/** The boxes laid end to end in `buffer[from, to)`; a box running past `to` is cut off there. */
export const boxesIn = (buffer: Buffer, from = 0, to = buffer.length): Box[] => {
  const boxes: Box[] = [];
  let start = from;
  while (start + 8 <= to) {
    let size = buffer.readUInt32BE(start);
    let body = start + 8;
    if (size === 1) {
      if (start + 16 > to) break;
      size = Number(buffer.readBigUInt64BE(start + 8));
      body = start + 16;
    } else if (size === 0) {
      size = to - start;
    }
    if (size < body - start) fail(`box of ${size} bytes at ${start}`);
    boxes.push({
      type: buffer.toString('latin1', start + 4, start + 8),
      start,
      body,
      end: start + size,
    });
    start += size;
  }
  return boxes;
};

export const child = (buffer: Buffer, parent: Box, type: string): Box | undefined =>
  boxesIn(buffer, parent.body, Math.min(parent.end, buffer.length)).find(
    (box) => box.type === type,
  );

export const children = (buffer: Buffer, parent: Box, type: string): Box[] =>
  boxesIn(buffer, parent.body, Math.min(parent.end, buffer.length)).filter(
    (box) => box.type === type,
  );

export const descend = (buffer: Buffer, parent: Box, types: string[]): Box | undefined =>
  types.reduce<Box | undefined>(
    (box, type) => (box ? child(buffer, box, type) : undefined),
    parent,
  );
