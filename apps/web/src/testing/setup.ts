import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { restoreSession } from '../lib/session.ts';
import { restoreThemeMode } from '../lib/theme.ts';
import { server } from './server.ts';

// jsdom has no object URLs; protected images need them (the URL itself is never loaded).
let objectUrls = 0;
URL.createObjectURL ??= () => `blob:test/${++objectUrls}`;
URL.revokeObjectURL ??= () => {};

// Lazy pages load MUI on first use: slow under jsdom on a shared machine, never a timed rule.
configure({ asyncUtilTimeout: 20_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  restoreSession();
  restoreThemeMode();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
