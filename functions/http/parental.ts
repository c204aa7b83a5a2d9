import { type Context, Hono } from 'hono';
import { d1 } from '../db/client.ts';
import {
  codeAlreadyUsed,
  consumeCode,
  nowSeconds,
  requireLiveSession,
  resetLimit,
  takeCheckAllowance,
} from '../domains/auth/index.ts';
import {
  accountParam,
  attemptPin,
  type ControlRow,
  changePinBody,
  checkParentalCode,
  checkPinBody,
  disableBody,
  disableControl,
  forgetOtherEntries,
  hashPin,
  liftLock,
  loadControl,
  markEntered,
  PIN_ENTRY_SECONDS,
  parentalTexts,
  pinLockKey,
  replacePin,
  resetChangeBody,
  sendCodeBody,
  sendParentalCode,
  setAgeLimit,
  setFirstPin,
  setPinBody,
  showSettingsBody,
  verificationCheckBody,
  verifySession,
} from '../domains/parental/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import type { LiveSession } from '../lib/session-token.ts';
import { validate } from '../lib/validate.ts';
import * as shape from './answers.ts';
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
  const live = await requireLiveSession(c);
  if (c.req.param('id') !== String(live.accountId))
    throw new ApiError(404, parentalTexts.accountNotFound, 'account_not_found');
  return live;
}

const view = (control: Pick<ControlRow, 'status' | 'ageLimit' | 'entered'>) => ({
  status: control.status,
  ageLimit: control.ageLimit,
  pinEntered: control.entered,
});

function requireEnabled(control: ControlRow): void {
  if (control.status !== 'Enabled') throw new ApiError(409, parentalTexts.pinNotSet, 'pin_not_set');
}

/**
 * Parental control under /auth/accounts/{id}/ (spec section 7): status, disable, the PIN (set,
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
      answers: { 200: shape.parentalStatus },
      errors: OWN_ACCOUNT,
    }),
  )
  .get('/:id/parental-control', validate('param', accountParam), async (c) => {
    const live = await owner(c);
    return c.json(view(await loadControl(live, nowSeconds())));
  })

  // Undefined → Disabled needs nothing (there is nothing to protect yet); Enabled → Disabled the
  // PIN or a verification code checked in the last 10 minutes.
  .patch(
    '/:id/parental-control/disable',
    apiDoc({
      ...PARENTAL,
      summary:
        'Выключить: из Undefined без условий, из Enabled — с PIN-кодом или после verification/check (10 минут)',
      answers: { 200: shape.parentalStatus },
      errors: {
        ...OWN_ACCOUNT,
        ...PIN_ERRORS,
        403: 'Нужен PIN-код или код подтверждения (verification_required, pin_invalid)',
      },
    }),
  )
  .patch(
    '/:id/parental-control/disable',
    validate('param', accountParam),
    validate('json', disableBody),
    async (c) => {
      const live = await owner(c);
      const now = nowSeconds();
      const control = await loadControl(live, now);
      const { pin } = c.req.valid('json');
      if (control.status === 'Enabled') {
        if (pin !== undefined) {
          await takeCheckAllowance(c.var.edge.geo.ip, now);
          await attemptPin(live, control, pin, now, { mark: false });
        } else if (!control.verified)
          throw new ApiError(403, parentalTexts.proofRequired, 'verification_required');
      }
      const db = d1();
      await db.batch([
        disableControl(db, live.accountId, now),
        forgetOtherEntries(db, live.accountId, null),
        resetLimit(db, await pinLockKey(live.accountId)),
      ]);
      return c.json(view({ status: 'Disabled', ageLimit: control.ageLimit, entered: false }));
    },
  )

  .post(
    '/:id/pin-code/set',
    apiDoc({
      ...PARENTAL,
      summary: 'Первый PIN-код (4 цифры): включает контроль, PIN-код считается введённым',
      answers: { 201: shape.parentalStatus },
      errors: {
        ...OWN_ACCOUNT,
        409: 'PIN-код уже задан (pin_exists)',
      },
    }),
  )
  .post(
    '/:id/pin-code/set',
    validate('param', accountParam),
    validate('json', setPinBody),
    async (c) => {
      const live = await owner(c);
      const now = nowSeconds();
      const { pin, ageLimit } = c.req.valid('json');
      const db = d1();
      const pinHash = await hashPin(live.accountId, pin);
      const [set] = await db.batch([
        setFirstPin(db, live.accountId, pinHash, now),
        markEntered(db, live.sessionId, live.accountId, now + PIN_ENTRY_SECONDS, { pinHash }),
        ...(ageLimit ? [setAgeLimit(db, live.accountId, ageLimit, now)] : []),
      ]);
      if (set!.meta.changes === 0) throw new ApiError(409, parentalTexts.pinExists, 'pin_exists');
      return c.json(view(await loadControl(live, now)), 201);
    },
  )

  .post(
    '/:id/pin-code/check',
    apiDoc({
      ...PARENTAL,
      summary: 'Проверка PIN-кода: при успехе отмечает ввод для сеанса на 4 часа',
      answers: { 200: shape.pinEntered },
      errors: {
        ...OWN_ACCOUNT,
        ...PIN_ERRORS,
      },
    }),
  )
  .post(
    '/:id/pin-code/check',
    validate('param', accountParam),
    validate('json', checkPinBody),
    async (c) => {
      const live = await owner(c);
      const now = nowSeconds();
      await takeCheckAllowance(c.var.edge.geo.ip, now);
      await attemptPin(live, await loadControl(live, now), c.req.valid('json').pin, now);
      return c.json({ status: 'entered', pinEntered: true, expiresAt: now + PIN_ENTRY_SECONDS });
    },
  )

  // Our path: the client forgets this session's entry when the last tab has closed.
  .delete(
    '/:id/pin-code/entry',
    apiDoc({
      ...PARENTAL,
      summary: 'Забыть ввод PIN-кода этого сеанса (закрыта последняя вкладка)',
      answers: { 200: shape.pinForgotten },
      errors: OWN_ACCOUNT,
    }),
  )
  .delete('/:id/pin-code/entry', validate('param', accountParam), async (c) => {
    const live = await owner(c);
    await markEntered(d1(), live.sessionId, live.accountId, 0).run();
    return c.json({ status: 'not_entered', pinEntered: false });
  })

  // A new PIN ends the entries of the account's other sessions: whoever knew the old one is out.
  .post(
    '/:id/pin-code/change',
    apiDoc({
      ...PARENTAL,
      summary: 'Смена PIN-кода по текущему; другие сеансы вводят новый',
      answers: { 200: shape.parentalStatus },
      errors: {
        ...OWN_ACCOUNT,
        ...PIN_ERRORS,
      },
    }),
  )
  .post(
    '/:id/pin-code/change',
    validate('param', accountParam),
    validate('json', changePinBody),
    async (c) => {
      const live = await owner(c);
      const now = nowSeconds();
      const { pin, newPin } = c.req.valid('json');
      if (pin === newPin) throw new ApiError(422, parentalTexts.samePin, 'same_pin');
      await takeCheckAllowance(c.var.edge.geo.ip, now);
      const control = await loadControl(live, now);
      await attemptPin(live, control, pin, now, { mark: false });
      const db = d1();
      const pinHash = await hashPin(live.accountId, newPin);
      await db.batch([
        replacePin(db, live.accountId, pinHash, now),
        markEntered(db, live.sessionId, live.accountId, now + PIN_ENTRY_SECONDS, { pinHash }),
        forgetOtherEntries(db, live.accountId, live.sessionId),
      ]);
      return c.json(view({ ...control, entered: true }));
    },
  )

  .post(
    '/:id/pin-code/reset',
    apiDoc({
      ...PARENTAL,
      sends: true,
      summary: 'Код восстановления PIN-кода на e-mail или по SMS',
      answers: { 202: shape.parentalCodeSent },
      errors: {
        ...OWN_ACCOUNT,
        409: 'PIN-код не задан (pin_not_set)',
        429: LIMITED,
      },
    }),
  )
  .post(
    '/:id/pin-code/reset',
    validate('param', accountParam),
    validate('json', sendCodeBody),
    async (c) => {
      const live = await owner(c);
      requireEnabled(await loadControl(live, nowSeconds()));
      return c.json(
        {
          status: 'code_sent',
          ...(await sendParentalCode(
            c.var.edge.geo.ip,
            live,
            'pin_reset',
            c.req.valid('json').channel,
          )),
        },
        202,
      );
    },
  )

  // The code consumed, the new PIN, this session's entry, the others' end and the lock lifted:
  // one transaction, every write guarded by the consumption.
  .post(
    '/:id/pin-code/reset/change',
    apiDoc({
      ...PARENTAL,
      summary: 'Новый PIN-код по коду восстановления; снимает блокировку',
      answers: { 200: shape.parentalStatus },
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
    validate('param', accountParam),
    validate('json', resetChangeBody),
    async (c) => {
      const live = await owner(c);
      const now = nowSeconds();
      const control = await loadControl(live, now);
      requireEnabled(control);
      const { code, newPin } = c.req.valid('json');
      const guard = await checkParentalCode(c.var.edge.geo.ip, live, 'pin_reset', code, now);
      const db = d1();
      const [consumed] = await db.batch([
        consumeCode(db, guard, now),
        replacePin(db, live.accountId, await hashPin(live.accountId, newPin), now, guard),
        markEntered(db, live.sessionId, live.accountId, now + PIN_ENTRY_SECONDS, { guard }),
        forgetOtherEntries(db, live.accountId, live.sessionId, guard),
        liftLock(db, await pinLockKey(live.accountId), guard),
      ]);
      if (consumed!.meta.changes === 0) throw codeAlreadyUsed();
      return c.json(view({ ...control, entered: true }));
    },
  )

  .get(
    '/:id/parental-control/show-settings',
    apiDoc({
      ...PARENTAL,
      summary: 'Возрастное ограничение: контент с ним и выше требует PIN-код',
      answers: { 200: shape.ageSetting },
      errors: OWN_ACCOUNT,
    }),
  )
  .get('/:id/parental-control/show-settings', validate('param', accountParam), async (c) => {
    const live = await owner(c);
    const { status, ageLimit } = await loadControl(live, nowSeconds());
    return c.json({ status, ageLimit });
  })

  // The age setting needs control Enabled and proof: the PIN given now, entered by this session,
  // or a fresh verification.
  .patch(
    '/:id/parental-control/show-settings',
    apiDoc({
      ...PARENTAL,
      summary:
        'Изменить возрастное ограничение (PIN-код сейчас, введённый в сеансе или свежее подтверждение)',
      answers: { 200: shape.ageSetting },
      errors: {
        ...OWN_ACCOUNT,
        ...PIN_ERRORS,
        403: 'Нужен PIN-код (pin_required, pin_invalid)',
      },
    }),
  )
  .patch(
    '/:id/parental-control/show-settings',
    validate('param', accountParam),
    validate('json', showSettingsBody),
    async (c) => {
      const live = await owner(c);
      const now = nowSeconds();
      const control = await loadControl(live, now);
      requireEnabled(control);
      const { ageLimit, pin } = c.req.valid('json');
      if (pin !== undefined) {
        await takeCheckAllowance(c.var.edge.geo.ip, now);
        await attemptPin(live, control, pin, now);
      } else if (!control.entered && !control.verified)
        throw new ApiError(403, parentalTexts.pinRequired, 'pin_required');
      await setAgeLimit(d1(), live.accountId, ageLimit, now).run();
      return c.json({ status: control.status, ageLimit });
    },
  )

  .post(
    '/:id/verification/send',
    apiDoc({
      ...PARENTAL,
      sends: true,
      summary: 'Код подтверждения на e-mail или по SMS',
      answers: { 202: shape.parentalCodeSent },
      errors: { ...OWN_ACCOUNT, 429: LIMITED },
    }),
  )
  .post(
    '/:id/verification/send',
    validate('param', accountParam),
    validate('json', sendCodeBody),
    async (c) => {
      const live = await owner(c);
      return c.json(
        {
          status: 'code_sent',
          ...(await sendParentalCode(
            c.var.edge.geo.ip,
            live,
            'verification',
            c.req.valid('json').channel,
          )),
        },
        202,
      );
    },
  )

  .post(
    '/:id/verification/check',
    apiDoc({
      ...PARENTAL,
      summary:
        'Проверка кода подтверждения: 10 минут можно выключить контроль или сменить ограничение',
      answers: { 200: shape.verified },
      errors: { ...OWN_ACCOUNT, 400: BAD_CODE, 429: LIMITED },
    }),
  )
  .post(
    '/:id/verification/check',
    validate('param', accountParam),
    validate('json', verificationCheckBody),
    async (c) => {
      const live = await owner(c);
      const expiresAt = await verifySession(
        c.var.edge.geo.ip,
        live,
        c.req.valid('json').code,
        nowSeconds(),
      );
      return c.json({ status: 'verified', expiresAt });
    },
  );
