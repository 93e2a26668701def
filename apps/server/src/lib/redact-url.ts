/**
 * Query parameters whose values are secrets: the media token, and what a single-sign-on
 * provider sends back to its callback.
 */
const secretParameters = new Set(['token', 'code', 'state', 'access_token', 'id_token']);

/**
 * Decodes a query key as Fastify's parser does (`+` is a space, then percent-decoding), but
 * sequence by sequence, so a malformed `%` elsewhere cannot hide a name that decodes to a
 * secret one.
 */
const decodeKey = (raw: string): string => {
  const spaced = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
};

const isSecret = (rawKey: string) => secretParameters.has(decodeKey(rawKey).trim().toLowerCase());

/**
 * The URL with the values of secret query parameters replaced, whatever the spelling of their
 * names (`?%74oken=` is read as `token` by the server, so it is hidden too). The query is cut
 * where the router cuts it (the first `?` or `#`) and split into pairs as its parser does.
 */
export const redactUrl = (url: string): string => {
  const start = url.search(/[?#]/);
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1 || !isSecret(pair.slice(0, equals))) return pair;
      return `${pair.slice(0, equals)}=[REDACTED]`;
    });
  return `${url.slice(0, start + 1)}${query.join('&')}`;
};
