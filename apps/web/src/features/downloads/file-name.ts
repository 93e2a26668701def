/** Characters no file system accepts in a name (Windows is the strictest), and control codes. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*]/g;

/**
 * `{title}.mp4`, safe on every system: forbidden characters dropped, spaces collapsed, no
 * leading dots (hidden files) nor trailing dots and spaces (Windows strips them), accents kept.
 */
export const videoFileName = (title: string): string => {
  const cleaned = title
    .replace(FORBIDDEN, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 150)
    .trim();
  return `${cleaned || 'video'}.mp4`;
};
