import type { DirectList } from '@plateau/contract';
import { expect } from 'vitest';
import type { TestContext, TestUser } from '../../test/harness.ts';

export { postDirect } from '../../test/directs.ts';

export const getJson = async (
  ctx: TestContext,
  url: string,
  user?: TestUser,
): Promise<{ status: number; body: DirectList & { message?: string } }> => {
  const response = await ctx.app.inject({ url, headers: user?.auth ?? {} });
  return { status: response.statusCode, body: response.json() };
};

export const ids = (list: DirectList) => list.directs.map((direct) => direct.id);

export const putCurrentDirect = async (ctx: TestContext, geek: TestUser, id: number) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/currentDirect/${id}`,
    headers: geek.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { currentDirect: number; homeDisplay: number };
};

export const putHomeDisplay = async (ctx: TestContext, geek: TestUser, n: number) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/homeDisplay/${n}`,
    headers: geek.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
};
