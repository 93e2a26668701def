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

/**
 * The direct's own page on Plateau (a direct broadcast on Plateau has it as its live link):
 * a link that would only open the page the person is on.
 */
export const isOwnDirectPage = (url: string | null | undefined, directId: number): boolean => {
  if (!url) return false;
  try {
    const parsed = new URL(url.trim(), window.location.origin);
    return parsed.pathname === '/direct' && parsed.searchParams.get('d') === String(directId);
  } catch {
    return false;
  }
};
