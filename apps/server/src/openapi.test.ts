import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/harness.ts';

const ctx = useTestApp();

type Operation = {
  responses?: Record<string, unknown>;
  parameters?: { in: string; name: string; required?: boolean }[];
};

describe('OpenAPI', () => {
  it('serves a valid OpenAPI 3 document listing the API', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '1.4.0' });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of [
      '/api/token',
      '/api/tags',
      '/api/tags/{id}',
      '/api/users',
      '/api/users/{id}',
      '/api/users/{id}/sso',
      '/api/login/vr',
      '/api/auth/callback',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.paths['/api/users/{id}'])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    const login = doc.paths['/api/token'].post;
    expect(Object.keys(login.requestBody.content)).toEqual(
      expect.arrayContaining(['multipart/form-data', 'application/json']),
    );
    expect(login.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'accessToken',
    );

    // Structure every OpenAPI 3 reader relies on: responses, and every templated path
    // parameter declared as a required path parameter (and only those).
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, Operation>>,
    )) {
      expect(path.startsWith('/')).toBe(true);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, operation] of Object.entries(item)) {
        expect(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']).toContain(method);
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(
          0,
        );
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(templated);
        expect(declared.every((p) => p.required === true)).toBe(true);
        for (const parameter of operation.parameters ?? []) {
          expect(['path', 'query', 'header', 'cookie']).toContain(parameter.in);
        }
      }
    }
    // The document is self-contained: every $ref points inside it.
    const refs = [...response.body.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of refs) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('serves the documentation UI', async () => {
    const response = await ctx.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(response.statusCode);
    const page =
      response.statusCode === 302
        ? await ctx.app.inject({
            url: new URL(response.headers.location!, 'http://localhost/api/docs/').pathname,
          })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/swagger/i);
  });
});
