/** The page the guard sent the person away from, kept in the navigation state of /login. */
export interface LoginState {
  from?: string;
}

export const rememberedPage = (state: unknown): string => {
  const from = (state as LoginState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
};
