import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../lib/app-env.ts';
import { apiDoc } from './api-doc.ts';

const health = z.object({ status: z.literal('ok') });

/** Liveness for deploy checks and the bench's trivial route: no D1, no work. */
export const healthRoutes = new Hono<AppEnv>()
  .get('/', apiDoc({ tag: 'service', summary: 'Живость', answers: { 200: health } }))
  .get('/', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
