import { fieldLimits } from '@plateau/contract/constants';

/** The contract's account rules (NewUserBody), checked before anything is sent. */
const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;
export const PASSWORD_MIN = fieldLimits.password.min;
const PASSWORD_MAX = fieldLimits.password.max;
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why this username would be refused, or null when it is fine (empty: nothing to say yet). */
export const usernameProblem = (username: string): string | null =>
  username === '' || USERNAME.test(username)
    ? null
    : 'Lettres sans accent, chiffres, « . », « _ », « @ » et « - » uniquement (64 au plus)';

export const passwordProblem = (password: string): string | null => {
  if (password === '') return null;
  if (password.length < PASSWORD_MIN) return `${PASSWORD_MIN} caractères au moins`;
  if (password.length > PASSWORD_MAX) return `${PASSWORD_MAX} caractères au plus`;
  return CONTROL.test(password) ? 'Caractère de contrôle interdit' : null;
};

export const isValidUsername = (username: string) => username !== '' && !usernameProblem(username);
export const isValidPassword = (password: string) => password !== '' && !passwordProblem(password);
