// Sign-in figures of `npm run bench`: how long a whole password sign-in takes on this machine
// (PBKDF2-SHA256, 100,000 iterations, in workerd), and whether a wrong password for a known
// e-mail and any password for an unknown one answer in the same time (no enumeration by timing).
import { median } from './budgets.mjs';

const PASSWORD = 'bench-password-1';

const post = (origin, path, body) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });

/** Milliseconds of one request, with its status. */
async function timed(origin, path, body) {
  const t = performance.now();
  const res = await post(origin, path, body);
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

/** Signs up `email` through both steps, reading the code from the development outbox. */
async function signUp(origin, email) {
  const first = await post(origin, '/auth/email/sign_up/', { email, password: PASSWORD });
  if (first.status !== 202) throw new Error(`sign-up step 1 answered ${first.status}`);
  const outbox = await (
    await fetch(`${origin}/dev/api/outbox/?${new URLSearchParams({ to: email, limit: '1' })}`)
  ).json();
  const code = /\b(\d{6})\b/.exec(outbox.results?.[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no sign-up code in the outbox');
  const second = await post(origin, '/auth/email/sign_up/', { email, password: PASSWORD, code });
  if (second.status !== 201) throw new Error(`sign-up step 2 answered ${second.status}`);
}

/**
 * `rounds` × (wrong password, unknown e-mail, right password), interleaved so that each wrong try
 * is the address's first failure (the right one resets the count) and every unknown address is
 * new: all three pay the first-failure delay alike. 3 × rounds + 1 checks stay under the per-IP
 * allowance of 30 in 10 minutes.
 */
export async function measureSignIn(origin, { rounds, budgetMs, gapMs }) {
  const email = `bench-${Date.now().toString(36)}@example.ru`;
  await signUp(origin, email);
  const runs = { right: [], wrong: [], unknown: [] };
  for (let i = 0; i < rounds; i++) {
    runs.wrong.push(
      await timed(origin, '/auth/email/sign_in/', { email, password: `wrong password ${i}` }),
    );
    runs.unknown.push(
      await timed(origin, '/auth/email/sign_in/', {
        email: `nobody-${i}-${email}`,
        password: `wrong password ${i}`,
      }),
    );
    runs.right.push(await timed(origin, '/auth/email/sign_in/', { email, password: PASSWORD }));
  }
  const statuses = { right: 200, wrong: 401, unknown: 401 };
  const failed = Object.entries(runs).flatMap(([kind, list]) =>
    list.filter((r) => r.status !== statuses[kind]).map((r) => `${kind} → ${r.status}`),
  );
  const med = Object.fromEntries(
    Object.entries(runs).map(([kind, list]) => [kind, median(list.map((r) => r.ms))]),
  );
  const gap = Math.abs(med.wrong - med.unknown);
  return {
    rounds,
    medians: med,
    failed,
    checks: [
      {
        label: `right password, whole sign-in ≤ ${budgetMs} ms`,
        value: med.right,
        result: failed.length ? 'ERROR' : med.right <= budgetMs ? 'PASS' : 'OVER',
      },
      {
        label: `wrong password vs unknown e-mail, gap ≤ ${gapMs} ms`,
        value: gap,
        result: failed.length ? 'ERROR' : gap <= gapMs ? 'PASS' : 'OVER',
      },
    ],
  };
}

export function printSignIn(figures) {
  if (!figures) return;
  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(
    `\nSign-in by e-mail and password, medians of ${figures.rounds} (PBKDF2-SHA256 100,000 iterations in workerd)`,
  );
  console.log(
    `  right password ${ms(figures.medians.right)}, wrong password ${ms(figures.medians.wrong)}, unknown e-mail ${ms(figures.medians.unknown)}`,
  );
  if (figures.failed.length) console.log(`  unexpected answers: ${figures.failed.join(', ')}`);
  for (const check of figures.checks)
    console.log(`  ${check.label}: ${ms(check.value)} ${check.result}`);
}
