import { html, raw } from 'hono/html';
import { methodOfAcquirer } from '../../domains/billing/index.ts';
import { formatRub } from '../../shared/money.ts';
import { type DevPageLook, devPage } from '../page-shell.ts';
import { SANDBOX_3DS_CODE, SANDBOX_BASE, TEST_CARDS } from './constants.ts';
import type { SandboxRow } from './repo.ts';

/** The sandbox acquirer's pages: plain HTML, keyboard-usable, labelled fields. */

const look: DevPageLook = {
  background: '#eef1f5',
  focus: '#b35c00',
  styles: `      .sum { font-size: 1.6rem; font-weight: 700; margin: 0 0 16px; }
      label { display: grid; gap: 4px; margin-top: 12px; font-weight: 600; }
      input { min-height: 44px; padding: 8px 12px; border: 1px solid #6b717b; border-radius: 8px; font: inherit; }
      .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
      .actions { display: flex; gap: 12px; flex-wrap: wrap; margin-top: 20px; }
      button, .link { min-height: 44px; padding: 8px 20px; border-radius: 8px; border: 1px solid #1f4fd1; font: inherit; cursor: pointer; }
      .pay { background: #1f4fd1; color: #fff; }
      .cancel, .link { background: #fff; color: #1f4fd1; text-decoration: none; display: inline-flex; align-items: center; }
      .error { color: #a3101f; font-weight: 600; }
      code { font-size: 0.95em; }
      ul { padding-left: 20px; }`,
};

const page = (title: string, body: ReturnType<typeof html>) => devPage(look, title, body);

const sandboxNote = html`<p class="note">Песочница эквайера: деньги не списываются.</p>`;

const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

export function cardPage(
  row: SandboxRow,
  problem: string | null = null,
  values: { number?: string; expiry?: string; cvc?: string } = {},
) {
  return page(
    'Оплата картой — песочница',
    html`<h1>Оплата картой</h1>
      ${sandboxNote}
      <p class="sum">${formatRub(row.amount)}</p>
      <p>${row.description}</p>
      ${problem ? html`<p class="error" role="alert" id="card-error">${problem}</p>` : ''}
      <form method="post" novalidate>
        <label>Номер карты
          <input name="number" inputmode="numeric" autocomplete="cc-number" value="${values.number ?? ''}" ${raw(problem ? 'aria-describedby="card-error"' : '')} />
        </label>
        <div class="row">
          <label>Срок (ММ/ГГ)<input name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" value="${values.expiry ?? ''}" /></label>
          <label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="3" value="${values.cvc ?? ''}" /></label>
        </div>
        <div class="actions">
          <button class="pay" type="submit" name="action" value="pay">Оплатить ${formatRub(row.amount)}</button>
          <button class="cancel" type="submit" name="action" value="cancel">Вернуться в магазин</button>
        </div>
      </form>
      <h2>Тестовые карты</h2>
      <ul>
        ${TEST_CARDS.map((c) => html`<li><code>${grouped(c.number)}</code> — ${c.label}</li>`)}
      </ul>
      <p class="note">Срок — любой будущий, CVC — любые три цифры.</p>`,
  );
}

export function threeDsPage(row: SandboxRow, card: string) {
  return page(
    '3-D Secure — песочница',
    html`<h1>Подтверждение платежа</h1>
      ${sandboxNote}
      <p>Банк отправил код подтверждения платежа на ${formatRub(row.amount)}. В песочнице код — <code>${SANDBOX_3DS_CODE}</code>, любой другой отклоняет платёж.</p>
      <form method="post" action="${SANDBOX_BASE}/checkout/${row.id}/3ds">
        <input type="hidden" name="card" value="${card}" />
        <label>Код из SMS<input name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" /></label>
        <div class="actions"><button class="pay" type="submit">Подтвердить</button></div>
      </form>`,
  );
}

export function sbpPage(row: SandboxRow) {
  return page(
    'Оплата по СБП — песочница',
    html`<h1>Приложение банка</h1>
      ${sandboxNote}
      <p>Так выглядит экран банковского приложения после того, как отсканирован QR-код СБП.</p>
      <p class="sum">${formatRub(row.amount)}</p>
      <p>${row.description}</p>
      <form method="post">
        <div class="actions">
          <button class="pay" type="submit" name="decision" value="pay">Подтвердить оплату</button>
          <button class="cancel" type="submit" name="decision" value="reject">Отклонить</button>
        </div>
      </form>`,
  );
}

export function donePage(row: SandboxRow) {
  const ok = row.status === 'succeeded';
  return page(
    ok ? 'Платёж проведён — песочница' : 'Платёж не проведён — песочница',
    html`<h1>${ok ? 'Платёж проведён' : 'Платёж не проведён'}</h1>
      ${sandboxNote}
      ${
        methodOfAcquirer(row.method_type)?.confirmation === 'qr'
          ? html`<p>Вернитесь на страницу магазина: она узнает о платеже сама.</p>`
          : row.return_url
            ? html`<p><a class="link" href="${row.return_url}">Вернуться в магазин</a></p>`
            : ''
      }`,
  );
}
