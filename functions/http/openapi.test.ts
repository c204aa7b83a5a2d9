import { findTargetHandler } from 'hono/utils/handler';
import { uniqueSymbol } from 'hono-openapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEdgeApp } from '../app.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call } from '../test-helpers.ts';

/** The answer has the documented object's required fields, and no others when it is closed. */
function expectShape(body: Record<string, unknown>, schema: any, where: string) {
  if (schema.type !== 'object') return;
  for (const key of schema.required ?? []) expect(body, `${where}: ${key}`).toHaveProperty(key);
  if (schema.additionalProperties === false)
    expect(Object.keys(schema.properties), where).toEqual(
      expect.arrayContaining(Object.keys(body)),
    );
}

describe('GET /api/openapi.json', () => {
  beforeAll(loadCatalogueFixture);

  it('documents every CMS path with parameters generated from the zod schemas', async () => {
    const doc = (await (await call('/api/openapi.json')).json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    const list = doc.paths['/cms/content/{list}/'].get.parameters;
    const sort = list.find((p: { name: string }) => p.name === 'sort');
    expect(sort.schema).toMatchObject({ enum: ['popular', 'new', 'rating'], default: 'popular' });
    expect(list.find((p: { name: string }) => p.name === 'page_size').schema).toMatchObject({
      maximum: 60,
    });
    expect(
      doc.paths['/cms/search/'].get.parameters.find((p: { name: string }) => p.name === 'query')
        .required,
    ).toBe(true);
    expect(doc.components.schemas.Error.required).toEqual(['message', 'details']);
  });

  it('documents only paths that answer (each filled with sample values), with the fields they answer', async () => {
    const doc = (await (await call('/api/openapi.json')).json()) as any;
    const sample: Record<string, string> = {
      name: 'disable-dazn',
      list: 'movies',
      type: 'series',
      id: '1',
      number: '1',
      facet: 'genres',
      idOrSlug: 'amediateka',
      slug: 'main',
      kind: 'poster',
      file: '1.svg',
    };
    const query: Record<string, string> = { content_id: '1', query: 'тих', page: '/', path: '/' };
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (path.startsWith('/auth/') || !item.get) continue; // the next test; POSTs in their own files
      let url = path.replace(/\{(\w+)\}/g, (_, k) => sample[k]!);
      if (path === '/cms/tech-pages/{slug}/') url = '/cms/tech-pages/faq/';
      if (path === '/cms/showcases/collections/{slug}/')
        url = '/cms/showcases/collections/na-vecher/';
      if (path.startsWith('/cms/tv/channels/{')) continue; // no channels in this fixture; covered in tv.test.ts
      // Watching needs media in R2 and rights, signed media a token: covered in watch.test.ts.
      if (path.startsWith('/cms/content_experience/') || path.startsWith('/media/hls/')) continue;
      if (path.startsWith('/v2/event')) continue; // a 204 for a whole view event; covered in stat.test.ts
      const required = (item.get.parameters ?? [])
        .filter((p: any) => p.in === 'query' && p.required)
        .map((p: any) => `${p.name}=${encodeURIComponent(query[p.name]!)}`);
      const res = await call(required.length ? `${url}?${required.join('&')}` : url);
      // Routes that need a session answer a guest 401; their own files call them signed in.
      const answers = item.get.security ? [200, 401, 404] : [200, 404];
      expect(answers, `${url} → ${res.status}`).toContain(res.status);
      if (res.status === 404)
        expect(
          ((await res.json()) as { details: { reason: string } }).details.reason,
          url,
        ).not.toBe('not_found');
      const schema = item.get.responses[200].content['application/json']?.schema;
      if (res.status === 200 && schema) expectShape(await res.json(), schema, url);
    }
  });

  it('documents the accounts API with JSON bodies from the zod schemas, and every documented operation exists', async () => {
    const doc = (await (await call('/api/openapi.json')).json()) as any;
    const signIn = doc.paths['/auth/email/sign_in/'].post;
    expect(signIn.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['email', 'password'],
    });
    // 400 an unreadable body, 403 another site's request, 413 a body over 8 KB: from the app.
    expect(Object.keys(signIn.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '422',
      '429',
    ]);
    expect(doc.paths['/auth/account/'].get.security).toEqual([{ bearer: [] }, { session: [] }]);
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'session',
    });
    let operations = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/auth/')) continue;
      for (const method of Object.keys(item)) {
        operations++;
        const url = path.replace('{id}', 'AAAAAAAAAAAAAAAAAAAAAA').replace('{provider}', 'ya');
        const res = await call(url, {
          method: method.toUpperCase(),
          headers: { 'content-type': 'application/json' },
          body: method === 'get' ? undefined : '{}',
          redirect: 'manual',
        });
        // An empty request is refused by validation (422) or for want of a session (401), or succeeds
        // (logout, a TV code pair); the social sign-in links redirect (to the provider, or with the error).
        expect(
          path.startsWith('/auth/socials/') && method === 'get' ? [302] : [200, 401, 422],
          `${method} ${url} → ${res.status}`,
        ).toContain(res.status);
      }
    }
    expect(operations).toBe(46);
  });

  it('documents parental control with its methods, PIN bodies and the lock', async () => {
    const doc = (await (await call('/api/openapi.json')).json()) as any;
    expect(
      Object.keys(
        doc.paths['/auth/accounts/{id}/parental-control/show-settings/'] ??
          doc.paths['/auth/accounts/{id}/parental-control/show-settings'],
      ),
    ).toEqual(['get', 'patch']);
    const check = doc.paths['/auth/accounts/{id}/pin-code/check/'].post;
    expect(check.requestBody.content['application/json'].schema.properties.pin).toMatchObject({
      type: 'string',
      pattern: '^\\d{4}$',
    });
    expect(Object.keys(check.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '422',
      '429',
    ]);
    expect(doc.paths['/auth/accounts/{id}/parental-control/disable/'].patch.security).toEqual([
      { bearer: [] },
      { session: [] },
    ]);
  });

  it('documents every route of the app with its method, a 2xx schema, and 422 where it validates input', async () => {
    const doc = (await (await call('/api/openapi.json')).json()) as any;
    // Paths as routes and the document spell them: {param}, trailing slash optional (not strict).
    const key = (method: string, path: string) =>
      `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`;
    const documented = new Map<string, any>();
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item)) documented.set(key(method, path), op);

    const validating = new Set<string>();
    const routes = new Set<string>();
    for (const route of createEdgeApp().routes) {
      // Middleware and catch-alls (the API's 404, the pages) are registered for ALL methods.
      if (route.method === 'ALL') continue;
      // Development only (DEV_ROUTES): the D1 meter, the outbox and the local identity provider
      // are a 404 in production, so they are no part of the API a client may use.
      if (route.path.startsWith('/dev/')) continue;
      const k = key(route.method, route.path);
      routes.add(k);
      expect(documented.has(k), `${k} is missing from the document`).toBe(true);
      const meta = (findTargetHandler(route.handler) as any)[uniqueSymbol];
      if (meta?.target) validating.add(k);
    }
    expect([...documented.keys()].filter((k) => !routes.has(k))).toEqual([]);

    for (const [k, op] of documented) {
      const statuses = Object.keys(op.responses).map(Number);
      const withSchema = statuses.filter(
        (s) =>
          s >= 200 &&
          s < 300 &&
          Object.values<any>(op.responses[s].content ?? {}).some((media) => media.schema),
      );
      // Only an answer without a body may lack one: a 204, or a redirect.
      const bodiless = statuses.every((s) => s === 204 || (s >= 300 && s < 400) || s >= 400);
      if (!bodiless) expect(withSchema, `${k}: a 2xx answer with a schema`).not.toEqual([]);
      if (validating.has(k)) expect(op.responses, `${k}: 422`).toHaveProperty('422');
      for (const s of statuses.filter((s) => s >= 400))
        expect(op.responses[s].content['application/json'].schema, `${k} ${s}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
    }
    expect(validating.size).toBeGreaterThan(50);
  });
});
