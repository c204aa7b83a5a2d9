/**
 * The e-mail with a gift's link (docs/product.md, «Money», "Gifts"), as its buyer re-sends it to
 * the recipient. Text and HTML carry the same words.
 */
import { escapeXml } from '../../lib/markup.ts';
import type { OutgoingMessage } from '../messages/index.ts';

export function giftLinkMessage(m: {
  to: string;
  tariff: string;
  period: string;
  url: string;
  idempotencyKey: string;
}): OutgoingMessage {
  const lead = `Вам подарили подписку «${m.tariff}» на ${m.period}.`;
  const how = 'Чтобы принять подарок, откройте ссылку и войдите в аккаунт или зарегистрируйтесь:';
  const note = 'Подарок можно принять один раз. Если письмо пришло по ошибке, просто удалите его.';
  return {
    channel: 'email',
    to: m.to,
    subject: `Вам подарили подписку «${m.tariff}»`,
    text: `${lead}\n\n${how}\n${m.url}\n\n${note}`,
    html: `<p>${escapeXml(lead)}</p><p>${escapeXml(how)}<br><a href="${escapeXml(m.url)}">${escapeXml(m.url)}</a></p><p>${escapeXml(note)}</p>`,
    purpose: 'gift_link',
    idempotencyKey: m.idempotencyKey,
  };
}
