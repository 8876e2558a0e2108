import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { handlers } from './handlers';

/** The mocked API for page tests in jsdom (msw intercepts fetch; the app's relative /api/… URLs included). */
export const server = setupServer(...handlers);

/** Starts the mocked API for the test file; a call no handler answers fails the test. */
export function startMockApi() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
