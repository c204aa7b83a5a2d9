import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, logger } from './log.ts';

/** The lines the logger wrote, as the platform's log collector would read them. */
function capture() {
  const lines: string[] = [];
  for (const method of ['log', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation((line: unknown) => void lines.push(String(line)));
  return lines;
}

afterEach(() => vi.restoreAllMocks());

const PERSONAL = {
  email: 'ivan.petrov@example.ru',
  phone: '+7 (999) 123-45-67',
  card: '4111 1111 1111 1111',
  password: 'Qwerty-12345',
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
  cookie: 'session=s3cr3t-session-value',
  authorization: 'Bearer abcdef0123456789',
};

describe('structured logs', () => {
  it('write one JSON line per event with its level, name and fields', () => {
    const lines = capture();
    logger.info('jobs.renewals', { charged: 3, skipped: 1 });
    logger.warn('messages.not_delivered', { reason: 'timeout' });
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'info',
      event: 'jobs.renewals',
      charged: 3,
      skipped: 1,
    });
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 'warn', reason: 'timeout' });
    expect(lines[0]).not.toContain('\n');
  });

  it('let no personal data or secret through, in named fields or inside texts', () => {
    const lines = capture();
    // As named fields.
    log('error', 'test.fields', PERSONAL);
    // Inside free text, an error and nested objects, under innocent names.
    log('error', 'test.text', {
      detail: `sign-in for ${PERSONAL.email} from ${PERSONAL.phone} failed`,
      note: `paid with ${PERSONAL.card}; header Authorization: ${PERSONAL.authorization}`,
      url: `https://site.example/reset?token=${PERSONAL.password}&page=2`,
      nested: { list: [{ who: PERSONAL.email, raw: `Cookie: ${PERSONAL.cookie}` }] },
      error: new Error(`gateway refused ${PERSONAL.phone} with key ${PERSONAL.token}`),
      digits: '79991234567',
      opaque: 'k_9f8e7d6c5b4a39281706f5e4d3c2b1a0ffee',
      orderId: '3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e',
    });
    const text = lines.join('\n');
    const leaks = [
      'ivan.petrov',
      'example.ru',
      '123-45-67',
      '4111',
      'Qwerty',
      'eyJhbGci',
      's3cr3t',
      'abcdef0123456789',
      '79991234567',
      '9f8e7d6c5b4a',
    ];
    for (const leak of leaks) expect(text, leak).not.toContain(leak);
    // What is not personal stays readable.
    const second = JSON.parse(lines[1]!);
    expect(second.detail).toBe('sign-in for [email] from [phone] failed');
    expect(second.url).toContain('page=2');
    // Ids a report is followed up by are not secrets.
    expect(second.orderId).toBe('3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e');
    expect(second.error.name).toBe('Error');
  });
});
