import { useSession } from '../lib/session.ts';

/**
 * Who asks, in a query key: the signed-in account's id, null for a visitor. Most answers depend
 * on it (the visibility rule, likes, history, the library), so their keys say whose they are;
 * the cache is emptied anyway whenever the person changes (SessionScope, app/providers.tsx).
 */
export type Viewer = number | null;

export const useViewer = (): Viewer => useSession().userId;
