// Every figure of a bench run beside its budget: one list of rows, built from a run's results
// (.bench/results.json) and the budgets file, so `npm run bench` and `npm run bench:check` print
// and judge the same thing, and a budget changed after a run is judged against the new value.
import { compare, describeBudget, METRICS, PER_VIEWER } from './budgets.mjs';
import { PLAYER_PARTS, partBudget } from './js-bytes.mjs';

const ms = (v) => `${Math.round(v)} ms`;
const kb = (v) => `${v.toFixed(1)} KB`;
const pct = (v) => `${Math.round(v * 100)} %`;

/** A row: what, the figure, the budget and the verdict (PASS, OVER, ERROR, or '' with no budget). */
function row(section, subject, metric, value, budget, better, format) {
  const has = (x) => x !== null && x !== undefined && !Number.isNaN(x);
  let result = '';
  if (has(budget))
    result = !has(value)
      ? 'ERROR'
      : (better === 'higher' ? value >= budget : value <= budget)
        ? 'PASS'
        : 'OVER';
  return {
    section,
    subject,
    metric,
    value: has(value) ? value : null,
    budget: has(budget) ? budget : null,
    shown: has(value) ? format(value) : '—',
    budgetShown: has(budget) ? `${better === 'higher' ? '≥' : '≤'} ${format(budget)}` : '—',
    result,
  };
}

/**
 * All rows of a run. `config` is loadBudgets()'s answer; a section missing from the run (a
 * `--page` run, say) gives no rows.
 * @example
 * verdicts(JSON.parse(readFileSync('.bench/results.json', 'utf8')), loadBudgets('bench/budgets.json'))
 * // → [{ section: 'Lighthouse', subject: '/', metric: 'Performance', shown: '98', budgetShown: '= 100', result: 'OVER' }, …]
 */
export function verdicts(results, config) {
  const rows = [];
  for (const page of results.pages ?? []) {
    const budgets =
      config.pages.find((p) => p.path === page.path && p.clock === (page.clock ?? null))?.budgets ??
      config.defaults;
    for (const check of compare(page.figures, budgets)) {
      const metric = METRICS.find((m) => m.key === check.key);
      rows.push({
        section: 'Lighthouse',
        subject: page.clock ? `${page.path} at ${page.clock}` : page.path,
        metric: metric.label,
        value: check.value,
        budget: check.budget,
        shown: check.value === null ? '—' : metric.format(check.value),
        budgetShown: describeBudget(metric, check.budget),
        result:
          page.httpStatus && page.httpStatus !== (page.expectStatus ?? 200)
            ? 'ERROR'
            : check.result,
      });
    }
  }
  const api = results.api;
  if (api?.trivial) {
    const b = config.api ?? {};
    rows.push(
      row(
        'API',
        `${api.trivial.path} (trivial)`,
        'req/s',
        api.trivial.perSecond,
        null,
        'higher',
        (v) => v.toFixed(0),
      ),
      row(
        'API',
        `${api.trivial.path} (trivial)`,
        'p95',
        api.trivial.p95Ms,
        b.trivialP95Ms,
        'lower',
        ms,
      ),
      row('API', `${api.trivial.path} (trivial)`, 'failed', api.trivial.failed, 0, 'lower', String),
    );
    for (const route of api.routes ?? []) {
      const budget = (b.routes ?? []).find((r) => r.name === route.name) ?? {};
      const subject = `${decodeURI(route.path)} (${route.name})`;
      rows.push(
        row('API', subject, 'req/s', route.perSecond, null, 'higher', (v) => v.toFixed(0)),
        row(
          'API',
          subject,
          'share of trivial',
          route.perSecond / api.trivial.perSecond,
          budget.ratio,
          'higher',
          pct,
        ),
        row('API', subject, 'p95', route.p95Ms, budget.p95Ms, 'lower', ms),
        row('API', subject, 'failed', route.failed, 0, 'lower', String),
      );
    }
  }
  const viewers = results.viewers;
  if (viewers?.failed)
    rows.push(row('Viewers', `${viewers.count} viewers`, viewers.failed, null, 0, 'lower', String));
  if (viewers?.all) {
    const b = config.viewers?.budgets ?? {};
    const subject = `${viewers.count} viewers, ${Math.round(viewers.seconds)} s`;
    rows.push(
      row('Viewers', subject, 'requests', viewers.all.requests, null, 'higher', String),
      row('Viewers', subject, 'errors', viewers.errors, b.errors, 'lower', String),
      row('Viewers', subject, 'p95', viewers.all.p95Ms, b.p95Ms, 'lower', ms),
      row(
        'Viewers',
        subject,
        'heartbeat p95',
        viewers.kinds?.heartbeat?.p95Ms,
        b.heartbeatP95Ms,
        'lower',
        ms,
      ),
      ...PER_VIEWER.map(([key, label, budget]) =>
        row(
          'Viewers',
          subject,
          label,
          viewers.d1?.perViewerMinute?.[key],
          b[budget],
          'lower',
          (v) => v.toFixed(2),
        ),
      ),
    );
    const beat = viewers.d1?.perRequest?.heartbeat;
    if (beat)
      rows.push(
        row(
          'Viewers',
          subject,
          'D1 statements/heartbeat',
          beat.reads + beat.writes,
          null,
          'lower',
          (v) => v.toFixed(2),
        ),
      );
  }
  const signIn = results.signIn;
  if (signIn?.medians) {
    const b = config.signIn ?? {};
    rows.push(
      row('Sign-in', 'right password', 'median', signIn.medians.right, b.budgetMs, 'lower', ms),
      row(
        'Sign-in',
        'wrong password vs unknown e-mail',
        'gap of medians',
        Math.abs(signIn.medians.wrong - signIn.medians.unknown),
        b.gapMs,
        'lower',
        (v) => `${v.toFixed(1)} ms`,
      ),
    );
    if (signIn.reset)
      rows.push(
        row(
          'Sign-in',
          'reset_pass known vs unknown phone',
          'gap of medians',
          signIn.reset.gap,
          b.resetGapMs ?? b.gapMs,
          'lower',
          (v) => `${v.toFixed(1)} ms`,
        ),
      );
    if (signIn.failed?.length)
      rows.push(
        row('Sign-in', 'unexpected answers', 'count', signIn.failed.length, 0, 'lower', String),
      );
  }
  const player = results.player;
  if (player?.figures) {
    const b = config.player?.budgets ?? {};
    rows.push(
      row(
        'Player',
        player.path,
        'first frame',
        player.figures.firstFrameMs,
        b.firstFrameMs,
        'lower',
        ms,
      ),
      row(
        'Player',
        player.path,
        'first frame, cold press',
        player.figures.firstFrameColdMs,
        b.firstFrameColdMs,
        'lower',
        ms,
      ),
      row(
        'Player',
        player.livePath,
        'first frame, live',
        player.figures.liveFirstFrameMs,
        b.liveFirstFrameMs,
        'lower',
        ms,
      ),
      row(
        'Player',
        player.livePath,
        'first frame, live, cold press',
        player.figures.liveFirstFrameColdMs,
        b.liveFirstFrameColdMs,
        'lower',
        ms,
      ),
      row(
        'Player',
        player.path,
        'JS at load',
        player.figures.jsBeforePlayKB,
        b.jsBeforePlayKB,
        'lower',
        kb,
      ),
      row(
        'Player',
        player.path,
        'JS after play',
        player.figures.jsAfterPlayKB,
        b.jsAfterPlayKB,
        'lower',
        kb,
      ),
      ...PLAYER_PARTS.map(([key, label]) =>
        row(
          'Player',
          player.path,
          `JS after play: ${label}`,
          player.figures[partBudget(key)],
          b[partBudget(key)],
          'lower',
          kb,
        ),
      ),
    );
  }
  return rows;
}

/** Rows that miss their budget (OVER) or could not be measured (ERROR). */
export const missesOf = (rows) => rows.filter((r) => r.result === 'OVER' || r.result === 'ERROR');

/** The table of every figure with its budget. */
export function printVerdicts(rows, out = console.log) {
  const head = ['Section', 'Subject', 'Metric', 'Figure', 'Budget', 'Result'];
  const cells = rows.map((r) => [r.section, r.subject, r.metric, r.shown, r.budgetShown, r.result]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) =>
    c
      .map((x, i) => x.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  out(line(head));
  out(widths.map((w) => '-'.repeat(w)).join('  '));
  let last = '';
  for (const c of cells) {
    const key = `${c[0]} ${c[1]}`;
    out(line(key === last ? ['', '', ...c.slice(2)] : c));
    last = key;
  }
}
