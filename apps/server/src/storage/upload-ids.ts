/** An unfinished upload's id: tus's default name, 16 random bytes in hex. */
export const isResumableUploadId = (id: string) => /^[0-9a-f]{32}$/.test(id);
