import { Hono } from 'hono';
import { facets as facetValues, catalogueSchemas as s } from '../domains/catalogue/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { ApiError } from '../lib/errors.ts';
import { requestViewer } from '../lib/viewer.ts';
import { texts } from '../shared/texts.ts';
import * as shape from './answers.ts';
import { apiDoc } from './api-doc.ts';

const FACETS = ['genres', 'countries', 'studios', 'years', 'decades'] as const;
type Facet = (typeof FACETS)[number];

const doc = apiDoc({
  tag: 'catalogue',
  summary: 'Жанры, страны, студии, годы, десятилетия с количеством',
  answers: { 200: shape.paged(s.facet) },
  errors: { 404: 'Такого фильтра нет (not_found)' },
});

/**
 * `GET /cms/catalogue/{genres|countries|studios|years|decades}/`: the filter values of catalogue
 * pages with their title counts (facets with no released title are left out).
 */
export const catalogueRoutes = new Hono<AppEnv>().get('/:facet', doc, async (c) => {
  const facet = c.req.param('facet') as Facet;
  if (!(FACETS as readonly string[]).includes(facet))
    throw new ApiError(404, texts.notFound, 'not_found');
  const facets = await facetValues(requestViewer(c));
  const results = (facets[facet] as { count: number }[]).filter((f) => f.count > 0);
  cmsCache(c, 3600);
  return c.json({ count: results.length, next: null, previous: null, results });
});
