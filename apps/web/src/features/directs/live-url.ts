/**
 * A live link is opened by the browser as is: only web addresses qualify, so a mistyped
 * `javascript:` or relative value in the direct form never runs or leads inside the app.
 */
export const safeLiveUrl = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
};
