/** Has the browser save `blob` as `fileName` (the bytes are already here: no server involved). */
export const saveFile = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
