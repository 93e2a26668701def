import type { Direct } from '@plateau/contract';
import { expect } from 'vitest';
import type { TestContext, TestUser } from './harness.ts';

/** Creates a direct through the API as `geek` and returns it. */
export const postDirect = async (
  ctx: TestContext,
  geek: TestUser,
  body: Record<string, unknown>,
): Promise<Direct> => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/directs',
    headers: geek.auth,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
