import { config } from '../../../lib/config.ts';
import { outboxStatement, templates } from '../../messages/index.ts';
import { renewalFailedUpdate, subscriptionEndedBy } from './order-repo.ts';

const DAY = 86_400;

/** docs/product.md, «Money»: a failed renewal is retried after 1 day, then 2, within 3 days of grace. */
export const RENEWAL = { leadDays: 1, graceDays: 3, retryDays: [1, 2] } as const;

/**
 * A renewal charge that failed: the next attempt, or, when no attempt fits in the grace period,
 * the end of the subscription (access ends with the paid-up date) and an e-mail saying so. Every
 * statement runs only while the renewal order is still pending, so a failure counts once.
 */
export function renewalFailedStatements(
  d: D1Database,
  r: {
    subscriptionId: number;
    orderId: string;
    now: number;
    contact: string | null;
    tariffName: string;
    grantedTill: number;
  },
): D1PreparedStatement[] {
  const statements = [
    renewalFailedUpdate(d, r, {
      graceSeconds: RENEWAL.graceDays * DAY,
      retrySeconds: [RENEWAL.retryDays[0] * DAY, RENEWAL.retryDays[1] * DAY],
    }),
  ];
  if (r.contact?.includes('@'))
    statements.push(
      outboxStatement(
        d,
        subscriptionEndedMail(
          r.contact,
          r.tariffName,
          r.grantedTill,
          `subscription_ended:${r.subscriptionId}:${r.grantedTill}`,
        ),
        subscriptionEndedBy(r),
      ),
    );
  return statements;
}

const moscowDate = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

export function subscriptionEndedMail(to: string, tariffName: string, till: number, key: string) {
  return templates.email(
    { channel: 'email', to, idempotencyKey: key },
    'subscription_ended',
    `Подписка «${tariffName}» не продлена`,
    [
      `Мы несколько раз пытались продлить подписку «${tariffName}», но банк отклонил списание с сохранённой карты.`,
      `Подписка закончилась: доступ открыт до ${moscowDate.format(till * 1000)}.`,
      'Оформить её снова можно в любой момент — с другой картой или по СБП.',
      { text: 'Оформить подписку', href: `${config().siteOrigin}/subscription` },
    ],
  );
}
