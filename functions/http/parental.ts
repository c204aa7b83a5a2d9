import { type Context, Hono } from 'hono';
import { nowSeconds, requireLiveSession } from '../domains/auth/index.ts';
import {
  assertOwnAccount,
  changePin,
  checkPin,
  controlOf,
  disableParental,
  forgetPinEntry,
  requestPinReset,
  resetPin,
  parentalSchemas as s,
  sendParentalCode,
  setPin,
  setShowSettings,
  showSettingsOf,
  verifySession,
} from '../domains/parental/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import type { LiveSession } from '../lib/session-token.ts';
import { validate } from '../lib/validate.ts';
import { apiDoc, BAD_CODE, INVALID, LIMITED } from './api-doc.ts';

/** What the OpenAPI document says of every parental route, and of those that check a PIN. */
const PARENTAL = { tag: 'parental', auth: true } as const;
const OWN_ACCOUNT = { 404: 'Чужой или неизвестный аккаунт', 422: INVALID } as const;
const PIN_ERRORS = {
  403: 'Неверный PIN-код (pin_invalid, осталось попыток)',
  409: 'PIN-код не задан (pin_not_set)',
  429: 'Пять неверных PIN-кодов: ввод заблокирован на 15 минут (pin_locked, Retry-After)',
} as const;

/** The live session, if the path's account is its own; any other id is a 404 (nothing to learn). */
async function owner(c: Context<AppEnv>): Promise<LiveSession> {
  const live = await requireLiveSession(c.var.edge);
  assertOwnAccount(live, c.req.param('id') ?? '');
  return live;
}

const ipOf = (c: Context<AppEnv>) => c.var.edge.geo.ip;

/**
 * Parental control under /auth/accounts/{id}/ (docs/product.md, «How the site talks to the API»): status, disable, the PIN (set,
 * check, change, reset by a code), the age setting and a generic verification code. Only the
 * session's own account; never cached.
 */
export const parentalRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })

  .get(
    '/:id/parental-control',
    apiDoc({
      ...PARENTAL,
      summary: 'Статус родительского контроля и отметка о вводе PIN-кода в этом сеансе',
      answers: { 200: s.controlView },
      errors: OWN_ACCOUNT,
    }),
  )
  .get('/:id/parental-control', validate('param', s.accountParam), async (c) => {
    return c.json(await controlOf(await owner(c)));
  })

  // Undefined → Disabled needs nothing (there is nothing to protect yet); Enabled → Disabled the
  // PIN or a verification code checked in the last 10 minutes.
  .patch(
    '/:id/parental-control/disable',
    apiDoc({
      ...PARENTAL,
      summary:
        'Выключить: из Undefined без условий, из Enabled — с PIN-кодом или после verification/check (10 минут)',
      answers: { 200: s.controlView },
      errors: {
        ...OWN_ACCOUNT,
        ...PIN_ERRORS,
        403: 'Нужен PIN-код или код подтверждения (verification_required, pin_invalid)',
      },
    }),
  )
  .patch(
    '/:id/parental-control/disable',
    validate('param', s.accountParam),
    validate('json', s.disableBody),
    async (c) => {
      const live = await owner(c);
      return c.json(await disableParental(ipOf(c), live, c.req.valid('json').pin));
    },
  )

  .post(
    '/:id/pin-code/set',
    apiDoc({
      ...PARENTAL,
      summary: 'Первый PIN-код (4 цифры): включает контроль, PIN-код считается введённым',
      answers: { 201: s.controlView },
      errors: {
        ...OWN_ACCOUNT,
        409: 'PIN-код уже задан (pin_exists)',
      },
    }),
  )
  .post(
    '/:id/pin-code/set',
    validate('param', s.accountParam),
    validate('json', s.setPinBody),
    async (c) => {
      const live = await owner(c);
      const { pin, ageLimit } = c.req.valid('json');
      return c.json(await setPin(live, pin, ageLimit), 201);
    },
  )

  .post(
    '/:id/pin-code/check',
    apiDoc({
      ...PARENTAL,
      summary: 'Проверка PIN-кода: при успехе отмечает ввод для сеанса на 4 часа',
      answers: { 200: s.pinEntered },
      errors: {
        ...OWN_ACCOUNT,
        ...PIN_ERRORS,
      },
    }),
  )
  .post(
    '/:id/pin-code/check',
    validate('param', s.accountParam),
    validate('json', s.checkPinBody),
    async (c) => {
      const live = await owner(c);
      const expiresAt = await checkPin(ipOf(c), live, c.req.valid('json').pin);
      return c.json({ status: 'entered', pinEntered: true, expiresAt });
    },
  )

  // Our path: the client forgets this session's entry when the last tab has closed.
  .delete(
    '/:id/pin-code/entry',
    apiDoc({
      ...PARENTAL,
      summary: 'Забыть ввод PIN-кода этого сеанса (закрыта последняя вкладка)',
      answers: { 200: s.pinForgotten },
      errors: OWN_ACCOUNT,
    }),
  )
  .delete('/:id/pin-code/entry', validate('param', s.accountParam), async (c) => {
    await forgetPinEntry(await owner(c));
    return c.json({ status: 'not_entered', pinEntered: false });
  })

  // A new PIN ends the entries of the account's other sessions: whoever knew the old one is out.
  .post(
    '/:id/pin-code/change',
    apiDoc({
      ...PARENTAL,
      summary: 'Смена PIN-кода по текущему; другие сеансы вводят новый',
      answers: { 200: s.controlView },
      errors: {
        ...OWN_ACCOUNT,
        ...PIN_ERRORS,
      },
    }),
  )
  .post(
    '/:id/pin-code/change',
    validate('param', s.accountParam),
    validate('json', s.changePinBody),
    async (c) => {
      const live = await owner(c);
      const { pin, newPin } = c.req.valid('json');
      return c.json(await changePin(ipOf(c), live, pin, newPin));
    },
  )

  .post(
    '/:id/pin-code/reset',
    apiDoc({
      ...PARENTAL,
      sends: true,
      summary: 'Код восстановления PIN-кода на e-mail или по SMS',
      answers: { 202: s.codeSent },
      errors: {
        ...OWN_ACCOUNT,
        409: 'PIN-код не задан (pin_not_set)',
        429: LIMITED,
      },
    }),
  )
  .post(
    '/:id/pin-code/reset',
    validate('param', s.accountParam),
    validate('json', s.sendCodeBody),
    async (c) => {
      const live = await owner(c);
      const sent = await requestPinReset(ipOf(c), live, c.req.valid('json').channel);
      return c.json({ status: 'code_sent', ...sent }, 202);
    },
  )

  // The code consumed, the new PIN, this session's entry, the others' end and the lock lifted:
  // one transaction, every write guarded by the consumption.
  .post(
    '/:id/pin-code/reset/change',
    apiDoc({
      ...PARENTAL,
      summary: 'Новый PIN-код по коду восстановления; снимает блокировку',
      answers: { 200: s.controlView },
      errors: {
        ...OWN_ACCOUNT,
        400: BAD_CODE,
        409: 'PIN-код не задан (pin_not_set)',
        429: LIMITED,
      },
    }),
  )
  .post(
    '/:id/pin-code/reset/change',
    validate('param', s.accountParam),
    validate('json', s.resetChangeBody),
    async (c) => {
      const live = await owner(c);
      const { code, newPin } = c.req.valid('json');
      return c.json(await resetPin(ipOf(c), live, code, newPin));
    },
  )

  .get(
    '/:id/parental-control/show-settings',
    apiDoc({
      ...PARENTAL,
      summary: 'Возрастное ограничение: контент с ним и выше требует PIN-код',
      answers: { 200: s.ageSetting },
      errors: OWN_ACCOUNT,
    }),
  )
  .get('/:id/parental-control/show-settings', validate('param', s.accountParam), async (c) => {
    return c.json(await showSettingsOf(await owner(c)));
  })

  // The age setting needs control Enabled and proof: the PIN given now, entered by this session,
  // or a fresh verification.
  .patch(
    '/:id/parental-control/show-settings',
    apiDoc({
      ...PARENTAL,
      summary:
        'Изменить возрастное ограничение (PIN-код сейчас, введённый в сеансе или свежее подтверждение)',
      answers: { 200: s.ageSetting },
      errors: {
        ...OWN_ACCOUNT,
        ...PIN_ERRORS,
        403: 'Нужен PIN-код (pin_required, pin_invalid)',
      },
    }),
  )
  .patch(
    '/:id/parental-control/show-settings',
    validate('param', s.accountParam),
    validate('json', s.showSettingsBody),
    async (c) => {
      const live = await owner(c);
      const { ageLimit, pin } = c.req.valid('json');
      return c.json(await setShowSettings(ipOf(c), live, ageLimit, pin));
    },
  )

  .post(
    '/:id/verification/send',
    apiDoc({
      ...PARENTAL,
      sends: true,
      summary: 'Код подтверждения на e-mail или по SMS',
      answers: { 202: s.codeSent },
      errors: { ...OWN_ACCOUNT, 429: LIMITED },
    }),
  )
  .post(
    '/:id/verification/send',
    validate('param', s.accountParam),
    validate('json', s.sendCodeBody),
    async (c) => {
      const live = await owner(c);
      const sent = await sendParentalCode(
        ipOf(c),
        live,
        'verification',
        c.req.valid('json').channel,
      );
      return c.json({ status: 'code_sent', ...sent }, 202);
    },
  )

  .post(
    '/:id/verification/check',
    apiDoc({
      ...PARENTAL,
      summary:
        'Проверка кода подтверждения: 10 минут можно выключить контроль или сменить ограничение',
      answers: { 200: s.verified },
      errors: { ...OWN_ACCOUNT, 400: BAD_CODE, 429: LIMITED },
    }),
  )
  .post(
    '/:id/verification/check',
    validate('param', s.accountParam),
    validate('json', s.verificationCheckBody),
    async (c) => {
      const live = await owner(c);
      const expiresAt = await verifySession(ipOf(c), live, c.req.valid('json').code, nowSeconds());
      return c.json({ status: 'verified', expiresAt });
    },
  );
