import { Transform } from 'node:stream';

/** Fails the stream when it ends with another length than `size`: a file cut while being read. */
export const exactly = (size: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > size) done(new Error(`the source grew past its ${size} bytes while copying`));
      else done(null, chunk);
    },
    flush(done) {
      done(seen === size ? null : new Error(`the source ended at ${seen} of its ${size} bytes`));
    },
  });
};
