/**
 * The floor plan's import rules (README, "Floor plan"), checked in `npm test`:
 * pages and islands reach the server only through a domain's public entry or the shared module,
 * routes stay HTTP, domains meet only at their entries, and server code never imports `src/`.
 */
const TESTS = '(\\.test\\.ts$|/test-support\\.ts$|/test-fixtures\\.ts$|^functions/test-|^tests/)';

/**
 * A domain grown into parts: code outside it imports its index.ts alone. Tests are the one
 * exception (TESTS): they load the domain's fixtures and test support, which no entry exports.
 */
const entryOnly = (domain) => ({
  name: `outside-reaches-into-${domain}`,
  comment: `Code outside functions/domains/${domain}/ imports its index.ts alone, never a part's file or entry (tests excepted: they load its fixtures).`,
  severity: 'error',
  from: { path: '^(functions|src)/', pathNot: [`^functions/domains/${domain}/`, TESTS] },
  to: {
    path: `^functions/domains/${domain}/`,
    pathNot: `^functions/domains/${domain}/index\\.ts$`,
  },
});

/**
 * Billing's parts, each a sub-folder with its own index.ts, layered so that a part imports only
 * those before it: shared, storefront and receipts, orders, subscriptions.
 */
const BILLING_LAYERS = [
  ['shared', '(storefront|receipts|orders|subscriptions)'],
  ['storefront', '(receipts|orders|subscriptions)'],
  ['receipts', '(storefront|orders|subscriptions)'],
  ['orders', 'subscriptions'],
];

module.exports = {
  forbidden: [
    {
      name: 'server-imports-src',
      comment: 'Server code (functions/) never imports the site (src/).',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^src/' },
    },
    {
      name: 'site-reaches-past-entries',
      comment:
        'Pages, layouts, components, stores and src/lib import only a domain entry (functions/domains/<d>/index.ts), the access entry, the shared module or the platform entry (functions/lib/index.ts).',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/fetch\\.ts$', TESTS] },
      to: {
        path: '^functions/',
        pathNot: [
          '^functions/domains/[^/]+/index\\.ts$',
          '^functions/access/index\\.ts$',
          '^functions/shared/',
          '^functions/lib/index\\.ts$',
        ],
      },
    },
    {
      name: 'islands-import-server-code',
      comment:
        'Client code (islands and stores) imports from functions/ only shared types and constants.',
      severity: 'error',
      from: { path: '^src/(components/.+\\.tsx|stores/)', pathNot: TESTS },
      to: {
        path: '^functions/',
        pathNot: ['^functions/shared/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'domains-meet-at-entries',
      comment: 'A domain imports another domain only through its index.ts.',
      severity: 'error',
      from: { path: '^functions/domains/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^functions/domains/',
        pathNot: ['^functions/domains/$1/', '^functions/domains/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'outside-reaches-into-domain',
      comment: 'Code outside a domain uses its index.ts, never its files.',
      severity: 'error',
      from: { path: '^functions/', pathNot: ['^functions/domains/', '^functions/db/seed/', TESTS] },
      to: { path: '^functions/domains/[^/]+/(?!index\\.ts$)' },
    },
    {
      name: 'seed-reaches-into-domain',
      comment:
        'The seed runs in Node, where a domain entry that reaches Workers modules cannot load: it may use the pure password hashing, nothing else.',
      severity: 'error',
      from: { path: '^functions/db/seed/', pathNot: TESTS },
      to: {
        path: '^functions/domains/[^/]+/(?!index\\.ts$)',
        pathNot: '^functions/domains/auth/password\\.ts$',
      },
    },
    entryOnly('billing'),
    entryOnly('gifts'),
    {
      name: 'billing-parts-meet-at-entries',
      comment:
        "Billing's parts (storefront, orders, subscriptions, receipts, shared) import each other only through their index.ts, and never billing's own entry (it re-exports them).",
      severity: 'error',
      from: { path: '^functions/domains/billing/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^functions/domains/billing/',
        pathNot: ['^functions/domains/billing/$1/', '^functions/domains/billing/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'billing-entry-reaches-into-parts',
      comment: "Billing's index.ts re-exports its parts' entries, never a part's file.",
      severity: 'error',
      from: { path: '^functions/domains/billing/[^/]+$', pathNot: TESTS },
      to: {
        path: '^functions/domains/billing/[^/]+/',
        pathNot: '^functions/domains/billing/[^/]+/index\\.ts$',
      },
    },
    ...BILLING_LAYERS.map(([part, later]) => ({
      name: `billing-${part}-imports-a-later-part`,
      comment: `Billing's ${part} part imports only the parts before it (shared ← storefront, receipts ← orders ← subscriptions).`,
      severity: 'error',
      from: { path: `^functions/domains/billing/${part}/` },
      to: { path: `^functions/domains/billing/${later}/`, dependencyTypesNot: ['type-only'] },
    })),
    {
      name: 'routes-touch-d1',
      comment:
        'HTTP routes parse, call a service and shape the answer: no D1 client, no repository.',
      severity: 'error',
      from: { path: '^functions/http/', pathNot: TESTS },
      to: { path: ['^functions/db/client\\.ts$', '\\.repo\\.ts$', '/repo\\.ts$'] },
    },
    {
      name: 'domains-import-http',
      comment: 'Domains, access and shared code never import HTTP routes or middleware.',
      severity: 'error',
      from: { path: '^functions/(domains|access|shared)/' },
      to: { path: '^functions/(http|middleware)/' },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        'SQL is written in repositories (*.repo.ts, repo.ts), the database module and the development fakes alone, with the sql tag (db/sql.ts); no other server file is excepted. Services and jobs run what repositories prepare (db/run.ts).',
      severity: 'error',
      from: {
        path: '^functions/',
        pathNot: [TESTS, '(^|/)[^/]*repo\\.ts$', '^functions/db/', '^functions/dev/'],
      },
      to: { path: '^functions/db/sql\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domains-import-hono',
      comment:
        "Services never take Hono's context: a domain takes the viewer and plain client facts and returns what the route or page should set, cookies included (conventions, rule 3).",
      severity: 'error',
      from: { path: '^functions/domains/', pathNot: TESTS },
      to: { path: ['^hono(/|$)', '^node_modules/hono/'] },
    },
    {
      name: 'shared-is-pure',
      comment:
        'The shared module holds types, constants and pure helpers: it imports nothing of ours but itself.',
      severity: 'error',
      from: { path: '^functions/shared/', pathNot: TESTS },
      to: { path: '^(functions|src)/', pathNot: '^functions/shared/' },
    },
    {
      name: 'dev-fakes-stay-apart',
      comment:
        'The development fakes (functions/dev/) are mounted by the composition root alone (functions/app.ts, behind __DEV_FAKES__), so a production build leaves them out; nothing else imports them.',
      severity: 'error',
      from: {
        path: '^(functions|src)/',
        pathNot: ['^functions/dev/', '^functions/app\\.ts$', TESTS],
      },
      to: { path: '^functions/dev/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages stay in the graph, unfollowed, so a rule can name one (domains-import-hono).
    exclude: { path: ['^dist', '^\\.astro', '^\\.wrangler'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro'] },
  },
};
