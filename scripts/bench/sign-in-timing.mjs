// Sign-in figures of `npm run bench`: how long a whole password sign-in takes on this machine
// (PBKDF2-SHA256, 100,000 iterations, in workerd), and whether a wrong password for a known
// e-mail and any password for an unknown one answer in the same time (no enumeration by timing);
// likewise a password reset for a known phone (which gets an SMS) and for an unknown one (none).
import { median } from './budgets.mjs';

const PASSWORD = 'bench-password-1';

/** A POST as the site's pages send it; `ip` stands for the visitor (the development Worker reads CF-Connecting-IP). */
const post = (origin, path, body, ip) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      ...(ip ? { 'cf-connecting-ip': ip } : {}),
    },
    body: JSON.stringify(body),
  });

/** Milliseconds of one request, with its status. */
async function timed(origin, path, body, ip) {
  const t = performance.now();
  const res = await post(origin, path, body, ip);
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

/** The code in the newest message to `to` in the development outbox, waiting a little for it. */
async function outboxCode(origin, to) {
  for (let i = 0; i < 50; i++) {
    const outbox = await (
      await fetch(`${origin}/dev/api/outbox/?${new URLSearchParams({ to, limit: '1' })}`)
    ).json();
    const code = /\b(\d{6})\b/.exec(outbox.results?.[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${to} in the outbox`);
}

/** Signs up `email` through both steps, reading the code from the development outbox. */
async function signUp(origin, email) {
  const first = await post(origin, '/auth/email/sign_up/', { email, password: PASSWORD });
  if (first.status !== 202) throw new Error(`sign-up step 1 answered ${first.status}`);
  const code = await outboxCode(origin, email);
  const second = await post(origin, '/auth/email/sign_up/', { email, password: PASSWORD, code });
  if (second.status !== 201) throw new Error(`sign-up step 2 answered ${second.status}`);
}

/**
 * `rounds` × (wrong password, unknown e-mail, right password), interleaved so that each wrong try
 * is the address's first failure (the right one resets the count) and every unknown address is
 * new: all three pay the first-failure delay alike. 3 × rounds + 1 checks stay under the per-IP
 * allowance of 30 in 10 minutes.
 */
export async function measureSignIn(
  origin,
  { rounds, budgetMs, gapMs, resetRounds = 0, resetGapMs = gapMs },
) {
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
  const reset = resetRounds > 0 ? await measureResetPass(origin, resetRounds) : null;
  if (reset) failed.push(...reset.failed);
  return {
    rounds,
    medians: med,
    reset,
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
      ...(reset
        ? [
            {
              label: `reset_pass known vs unknown phone, gap ≤ ${resetGapMs} ms`,
              value: reset.gap,
              result: failed.length ? 'ERROR' : reset.gap <= resetGapMs ? 'PASS' : 'OVER',
            },
          ]
        : []),
    ],
  };
}

/**
 * `rounds` × (reset for a known phone, reset for an unknown one). A known number gets an SMS and
 * an unknown one nothing, so a reset that waited for the gateway would answer the known number
 * later. Each round uses its own numbers and its own visitor IP: a number takes one message a
 * minute (so the resets wait a minute after the sign-in codes) and an IP twenty an hour.
 */
async function measureResetPass(origin, rounds) {
  const stamp = String(Date.now()).slice(-6);
  const phone = (kind, i) => `+79${kind}${stamp}${String(i).padStart(2, '0')}`;
  const ip = (i, n) => `198.18.${i}.${n}`;
  const started = Date.now();
  for (let i = 0; i < rounds; i++) {
    const known = phone('1', i);
    const sent = await post(origin, '/auth/phone/check/', { phone: known }, ip(i, 1));
    if (sent.status !== 202) throw new Error(`phone code for ${known} answered ${sent.status}`);
    const code = await outboxCode(origin, known);
    const signedIn = await post(origin, '/auth/phone/sign_in/', { phone: known, code }, ip(i, 1));
    if (signedIn.status !== 200) throw new Error(`phone sign-in answered ${signedIn.status}`);
  }
  const wait = 61_000 - (Date.now() - started);
  if (wait > 0) {
    console.log(`  reset_pass: ${rounds} phone accounts made; a minute before their resets…`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const runs = { known: [], unknown: [] };
  for (let i = 0; i < rounds; i++) {
    const known = () =>
      timed(origin, '/auth/phone/reset_pass/', { phone: phone('1', i) }, ip(i, 2));
    const unknown = () =>
      timed(origin, '/auth/phone/reset_pass/', { phone: phone('2', i) }, ip(i, 3));
    // Alternate which goes first, so neither always follows the other's background send.
    if (i % 2 === 0) {
      runs.known.push(await known());
      runs.unknown.push(await unknown());
    } else {
      runs.unknown.push(await unknown());
      runs.known.push(await known());
    }
  }
  const failed = Object.entries(runs).flatMap(([kind, list]) =>
    list.filter((r) => r.status !== 202).map((r) => `reset ${kind} → ${r.status}`),
  );
  const medians = {
    known: median(runs.known.map((r) => r.ms)),
    unknown: median(runs.unknown.map((r) => r.ms)),
  };
  return { rounds, medians, gap: Math.abs(medians.known - medians.unknown), failed };
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
  if (figures.reset)
    console.log(
      `  reset_pass, medians of ${figures.reset.rounds}: known phone ${ms(figures.reset.medians.known)}, unknown phone ${ms(figures.reset.medians.unknown)}`,
    );
  if (figures.failed.length) console.log(`  unexpected answers: ${figures.failed.join(', ')}`);
  for (const check of figures.checks)
    console.log(`  ${check.label}: ${ms(check.value)} ${check.result}`);
}
