import type { Reason } from './rules.ts';

/** The message of a 403 for each reason of a refusal. */
export const accessTexts: Record<Reason, string> = {
  region_restricted: 'Этот контент недоступен в\u00a0вашем регионе',
  kid_profile: 'Этот контент недоступен в\u00a0детском профиле',
  age_restricted: 'Этот контент выше выбранного возрастного ограничения',
  sign_in_required: 'Войдите, чтобы смотреть этот контент',
  not_entitled: 'Этот контент доступен по\u00a0подписке, в\u00a0аренду или после покупки',
  pin_required: 'Введите PIN-код родительского контроля, чтобы смотреть этот контент',
};
