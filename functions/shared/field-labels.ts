/**
 * Russian names of the request fields, so a validation message names the field the way a person
 * knows it («Укажите e-mail», not `email: …`). The key is the field's own key in any schema; one
 * name serves every schema that uses the key. `acc` is the accusative («Укажите тему обращения»).
 */
export interface FieldLabel {
  name: string;
  acc?: string;
  gender: 'm' | 'f' | 'n' | 'pl';
}

const m = (name: string): FieldLabel => ({ name, gender: 'm' });
const n = (name: string): FieldLabel => ({ name, gender: 'n' });
const f = (name: string, acc: string): FieldLabel => ({ name, acc, gender: 'f' });

export const FIELD_LABELS: Record<string, FieldLabel> = {
  // accounts
  email: m('e-mail'),
  password: m('пароль'),
  new_password: m('новый пароль'),
  current_password: m('текущий пароль'),
  code: m('код'),
  phone: m('номер телефона'),
  token: m('код восстановления'),
  backPath: m('адрес возврата'),
  device_code: m('код устройства'),
  user_code: m('код с экрана'),
  // profiles and parental control
  id: m('идентификатор'),
  name: n('имя'),
  isKid: m('тип профиля'),
  avatarId: m('аватар'),
  userId: m('профиль'),
  pin: m('PIN-код'),
  newPin: m('новый PIN-код'),
  /** The browser's forms only: the new PIN-code typed again. */
  repeat: m('PIN-код ещё раз'),
  ageLimit: n('возрастное ограничение'),
  channel: m('способ отправки кода'),
  // support
  subject: f('тема', 'тему'),
  message: n('сообщение'),
  // catalogue queries and paths
  page: f('страница', 'страницу'),
  page_size: m('размер страницы'),
  age: n('возрастное ограничение'),
  query: m('поисковый запрос'),
  path: m('адрес страницы'),
  content_id: m('идентификатор контента'),
  days_back: n('число прошедших дней'),
  days_ahead: n('число дней вперёд'),
  limit: n('число результатов'),
  genre: m('жанр'),
  country: f('страна', 'страну'),
  studio: f('студия', 'студию'),
  year: m('год'),
  decade: n('десятилетие'),
  sort: f('сортировка', 'сортировку'),
  partner: m('партнёр'),
  timezone: m('часовой пояс'),
  date: f('дата', 'дату'),
  file: m('файл'),
  kind: m('вид изображения'),
  v: f('версия', 'версию'),
  slug: m('адрес раздела'),
  idOrSlug: m('адрес раздела'),
  type: m('тип контента'),
  number: m('номер сезона'),
  list: m('список'),
  to: m('получатель'),
  // watching (progress, preferences, streams)
  contentId: m('контент'),
  episodeId: f('серия', 'серию'),
  position: f('позиция просмотра', 'позицию просмотра'),
  duration: f('длительность', 'длительность'),
  audio: m('язык звука'),
  subtitles: m('язык субтитров'),
  streamId: m('просмотр'),
};

/** A field with no name of its own (a new key someone forgot to name here). */
const UNNAMED: FieldLabel = n('значение');

/** The name of the field at `path`: its last key (array indexes skipped). */
export function labelOf(path: readonly PropertyKey[]): FieldLabel {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key === 'string') return FIELD_LABELS[key] ?? UNNAMED;
  }
  return UNNAMED;
}
