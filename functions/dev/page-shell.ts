import { html, raw } from 'hono/html';

/** What a development fake's page adds to the shared shell: its backdrop, focus ring and styles. */
export interface DevPageLook {
  /** The page's background, so the two fakes never look like each other or like the site. */
  background: string;
  /** The focus ring's colour: each fake keeps the contrast it was checked with. */
  focus: string;
  /** The fake's own rules, appended after the shared ones. */
  styles: string;
}

/**
 * One plain, keyboard-usable HTML page of a development fake (the sandbox acquirer, the local
 * identity provider): never indexed, readable without the site's stylesheet.
 * @example devPage(look, 'Оплата', html`<h1>Оплата</h1>`)
 */
export const devPage = (look: DevPageLook, title: string, body: ReturnType<typeof html>) =>
  html`<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}</title>
    <style>
      body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: ${raw(look.background)}; color: #1b1d21; }
      main { max-width: 480px; margin: 40px auto; padding: 28px; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgb(0 0 0 / 0.1); }
      h1 { font-size: 1.4rem; margin: 0 0 8px; }
      .note { color: #4a4f57; margin: 0 0 16px; }
      :focus-visible { outline: 3px solid ${raw(look.focus)}; outline-offset: 2px; }
${raw(look.styles)}
    </style>
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`;
