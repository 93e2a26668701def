/**
 * Waits for `work` (its failure counts as an end), at most `ms`: a stop that must not hang on
 * a run that ignores its abort. The timer never holds the process open, and is cleared once
 * the work answers.
 */
export const waitAtMost = async (work: Promise<unknown> | undefined, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work?.catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, ms).unref())),
    ]);
  } finally {
    clearTimeout(timer);
  }
};
