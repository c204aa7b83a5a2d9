import { ApiError } from '../../lib/errors.ts';

/**
 * Russian texts of social sign-in, by reason. The check step redirects to the site with the reason
 * (`?socialError=<reason>&social=<provider>`), and the page shows the text of this table: a link
 * cannot make the site's popup say anything else.
 */
const SOCIAL_ERRORS = {
  unknown_provider: [404, () => 'Такого способа входа нет'],
  provider_unavailable: [
    503,
    (l: string) => `Вход через сервис «${l}» сейчас недоступен. Войдите другим способом`,
  ],
  state_invalid: [
    400,
    () => 'Ссылка для входа устарела или уже использована. Попробуйте войти ещё раз',
  ],
  cancelled: [400, (l: string) => `Вход через сервис «${l}» отменён`],
  provider_error: [
    502,
    (l: string) =>
      `Не удалось войти через сервис «${l}». Попробуйте ещё раз или войдите другим способом`,
  ],
  email_required: [
    422,
    (l: string) =>
      `Сервис «${l}» не передал подтверждённый e-mail. Войдите по e-mail или телефону и привяжите «${l}» в настройках аккаунта`,
  ],
  email_taken: [
    409,
    (l: string) =>
      `Аккаунт с e-mail из сервиса «${l}» уже есть. Войдите в него по e-mail и привяжите «${l}» в настройках аккаунта`,
  ],
  linked_elsewhere: [
    409,
    (l: string) => `Этот профиль «${l}» уже привязан к другому аккаунту Амедиатеки`,
  ],
  already_bound: [
    409,
    (l: string) => `К аккаунту уже привязан другой профиль «${l}». Сначала отвяжите его`,
  ],
  bind_session: [401, (l: string) => `Войдите в аккаунт, чтобы привязать «${l}»`],
  not_linked: [404, (l: string) => `Сервис «${l}» не привязан к аккаунту`],
  last_method: [
    409,
    (l: string) =>
      `Это единственный способ входа в аккаунт. Задайте пароль или привяжите другой сервис, прежде чем отвязать «${l}»`,
  ],
  rate_limited: [429, () => 'Слишком много попыток входа. Попробуйте через несколько минут'],
} as const satisfies Record<string, readonly [number, (label: string) => string]>;

export type SocialErrorReason = keyof typeof SOCIAL_ERRORS;

export const isSocialErrorReason = (value: string | null | undefined): value is SocialErrorReason =>
  Boolean(value && Object.hasOwn(SOCIAL_ERRORS, value));

/** The popup's title (docs/product.md, «What we keep»: the social-error popup). */
export const SOCIAL_ERROR_TITLE = 'Не удалось войти';

/**
 * The text of a reason, with the provider's name.
 * @example socialErrorText('cancelled', 'Яндекс') // 'Вход через сервис «Яндекс» отменён'
 */
export function socialErrorText(reason: SocialErrorReason, label = 'соцсеть'): string {
  return SOCIAL_ERRORS[reason][1](label);
}

/** The API error of a reason (JSON endpoints answer it; the check step turns it into a redirect). */
export function socialError(reason: SocialErrorReason, label?: string): ApiError {
  return new ApiError(SOCIAL_ERRORS[reason][0] as 400, socialErrorText(reason, label), reason);
}
