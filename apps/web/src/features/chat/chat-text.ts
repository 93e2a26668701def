/** A piece of a message: plain text, or a web address as typed. */
export type ChatTextPart = { text: string } | { text: string; href: string };

// http(s) addresses and bare www. ones; the address ends at a space or a quote.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// Punctuation that closes a sentence rather than the address (« voir https://x.fr. »).
const TRAILING = /[.,;:!?)\]}»]+$/;

/**
 * Cuts a message into text and addresses, in order, nothing lost or added. Only an http(s)
 * address becomes a link target (a `javascript:` text stays text).
 */
export const chatTextParts = (body: string): ChatTextPart[] => {
  const parts: ChatTextPart[] = [];
  let index = 0;
  for (const match of body.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const start = match.index;
    if (address.length <= 'www.'.length) continue;
    if (start > index) parts.push({ text: body.slice(index, start) });
    const href = /^https?:\/\//i.test(address) ? address : `https://${address}`;
    parts.push({ text: address, href });
    index = start + address.length;
  }
  if (index < body.length) parts.push({ text: body.slice(index) });
  return parts;
};
