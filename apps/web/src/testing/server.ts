import { setupServer } from 'msw/node';
import { handlers } from './handlers.ts';

/** The network of component tests: msw answers `/api`, each test adds what it needs. */
export const server = setupServer(...handlers);
