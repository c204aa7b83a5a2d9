/**
 * The providers' names as the site shows them (buttons, messages), in the sign-in screen's order.
 * A module of its own: the sign-in island imports it without any server code.
 */
export const SOCIAL_LABELS = {
  vk: 'ВКонтакте',
  ok: 'Одноклассники',
  ya: 'Яндекс',
  gp: 'Google',
  fb: 'Facebook',
} as const;
