/** Russian texts of the TV API. */
export const tvTexts = {
  channelNotFound: 'Телеканал не найден',
} as const;
