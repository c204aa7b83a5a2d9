import { describe, expect, it } from 'vitest';
import { Visitor, words } from './support/visitor.ts';

describe('TV code', () => {
  it('a wrong code is refused in Russian on the page itself (422, not a 404); a guest on /code is sent to sign in with the code kept', async () => {
    const guest = new Visitor();
    const sent = await guest.fetch('/code?user_code=bcdf-ghjk');
    expect(sent.status).toBe(302);
    const location = sent.headers.get('location')!;
    expect(location).toMatch(/^\/code\/auth\?user_code=BCDF-GHJK$/);
    expect((await guest.open(location)).status).toBe(200);

    const viewer = new Visitor();
    await viewer.signUp();
    // The page's own form, as a browser posts it without JavaScript.
    const page = await viewer.open('/code', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user_code: 'BCDF-GHJK' }),
    });
    // The page is there, with its error: a form answer, not a missing page (no 404).
    expect(page.status).toBe(422);
    expect(words(page.document.querySelector('[role="alert"]'))).toBe(
      'Код не найден или устарел. Проверьте код на экране телевизора или запросите новый',
    );
    const field = page.document.getElementById(
      [...page.document.querySelectorAll('label')]
        .find((l) => words(l) === 'Код с экрана')
        ?.getAttribute('for') ?? '',
    );
    expect(field?.getAttribute('aria-invalid')).toBe('true');
  });
});
