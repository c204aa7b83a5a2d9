import { describe, expect, it } from 'vitest';
import { firstState, formTarget, socialHref, stepHref } from './links.ts';

describe('the sign-in flow addresses', () => {
  it('keep the back path on every step link and form, encoded', () => {
    expect(stepHref('signin')).toBe('?step=signin');
    expect(stepHref('signup', '/gifts/buy?plan=1')).toBe(
      '?step=signup&backPath=%2Fgifts%2Fbuy%3Fplan%3D1',
    );
    expect(formTarget('recovery')).toBe('/auth?step=recovery');
    expect(formTarget('signin-phone', '/settings')).toBe(
      '/auth?step=signin-phone&backPath=%2Fsettings',
    );
  });

  it('send a social sign-in back where it came from, except to the home page', () => {
    expect(socialHref('vk', '/settings/devices')).toBe(
      '/auth/socials/vk/sign-in?backPath=%2Fsettings%2Fdevices',
    );
    expect(socialHref('ya', '/')).toBe('/auth/socials/ya/sign-in');
    expect(socialHref('ok')).toBe('/auth/socials/ok/sign-in');
  });
});

describe('the flow’s first state', () => {
  it("is the server's: the step it rendered, a refused form's error and the code it sent", () => {
    expect(
      firstState({ step: 'signup', error: 'Неверный код', codeSentTo: 'a@b.ru' }, 'recovery'),
    ).toEqual({
      step: 'signup',
      busy: false,
      error: 'Неверный код',
      notice: null,
      codeSentTo: 'a@b.ru',
      resetToken: null,
    });
  });

  it("opens on the page's own step when the server names none, else on the choice of ways", () => {
    expect(firstState({}, 'recovery').step).toBe('recovery');
    expect(firstState({}).step).toBe('auth');
  });
});
