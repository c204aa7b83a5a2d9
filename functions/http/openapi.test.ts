import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call } from '../test-helpers.ts';

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

  it('documents only paths that answer (each filled with sample values)', async () => {
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
    };
    const query: Record<string, string> = { content_id: '1', query: 'тих', page: '/', path: '/' };
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (path.startsWith('/auth/')) continue; // the next test
      let url = path.replace(/\{(\w+)\}/g, (_, k) => sample[k]!);
      if (path === '/cms/tech-pages/{slug}/') url = '/cms/tech-pages/faq/';
      if (path === '/cms/showcases/collections/{slug}/')
        url = '/cms/showcases/collections/na-vecher/';
      if (path.startsWith('/cms/tv/channels/{')) continue; // no channels in this fixture; covered in tv.test.ts
      const required = item.get.parameters
        .filter((p: any) => p.in === 'query' && p.required)
        .map((p: any) => `${p.name}=${encodeURIComponent(query[p.name]!)}`);
      const res = await call(required.length ? `${url}?${required.join('&')}` : url);
      expect([200, 404], `${url} → ${res.status}`).toContain(res.status);
      if (res.status === 404)
        expect(
          ((await res.json()) as { details: { reason: string } }).details.reason,
          url,
        ).not.toBe('not_found');
    }
  });

  it('documents the accounts API with JSON bodies from the zod schemas, and every documented operation exists', async () => {
    const doc = (await (await call('/api/openapi.json')).json()) as any;
    const signIn = doc.paths['/auth/email/sign_in/'].post;
    expect(signIn.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['email', 'password'],
    });
    expect(Object.keys(signIn.responses)).toEqual(['200', '401', '422', '429']);
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
    const check = doc.paths['/auth/accounts/{id}/pin-code/check'].post;
    expect(check.requestBody.content['application/json'].schema.properties.pin).toMatchObject({
      type: 'string',
      pattern: '^\\d{4}$',
    });
    expect(Object.keys(check.responses)).toEqual(['200', '401', '403', '404', '409', '422', '429']);
    expect(doc.paths['/auth/accounts/{id}/parental-control/disable'].patch.security).toEqual([
      { bearer: [] },
      { session: [] },
    ]);
  });
});
