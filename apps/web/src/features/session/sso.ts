/** Where to come back after single sign-on, and how many attempts failed (the button grows). */
export const SSO_RETURN_KEY = 'ssoReturnPath';
export const SSO_FAILURES_KEY = 'ssoFailures';

export const rememberReturnPath = (path: string) => localStorage.setItem(SSO_RETURN_KEY, path);

/** The stored return path, once: it is removed as it is read. Only paths of this site. */
export const takeReturnPath = () => {
  const path = localStorage.getItem(SSO_RETURN_KEY);
  localStorage.removeItem(SSO_RETURN_KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : '/';
};

export const ssoFailures = () => {
  const count = Number.parseInt(localStorage.getItem(SSO_FAILURES_KEY) ?? '0', 10);
  return Number.isNaN(count) || count < 0 ? 0 : count;
};

export const countSsoFailure = () =>
  localStorage.setItem(SSO_FAILURES_KEY, String(ssoFailures() + 1));

export const clearSsoFailures = () => localStorage.removeItem(SSO_FAILURES_KEY);
