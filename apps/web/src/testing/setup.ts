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

// Lazy pages load MUI on first use (the first page of a file takes up to 3 s on a loaded
// machine, and a full CI run beside encoders and browsers made a second render of the edit page
// miss 10 s): room for that, never a timed rule, and under the test timeout (vitest.config.ts)
// so that a failing wait reports what it waited for rather than a bare timeout.
configure({ asyncUtilTimeout: 25_000 });

// The tooltips' code, fetched by the app on a first hover, is compiled here beforehand: on a
// loaded machine that first fetch took seconds, and a button it then redrew under a later
// click lost that click. Fetched in advance, it arrives within the hover that asks for it.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await import('@mui/material/Tooltip');
});
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
