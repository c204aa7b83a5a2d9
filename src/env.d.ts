/// <reference types="astro/client" />
type EdgeContext = import('../functions/lib/index.ts').EdgeContext;

declare namespace App {
  interface Locals {
    edge: EdgeContext;
    /** Set by `loadPage` when a page fetched its layout's data in its own batch. */
    pageContext?: import('./lib/page-context.ts').PageContext;
    /** The address asked for, when another page answers it (src/middleware.ts; `pageUrl`). */
    askedUrl?: URL;
    /** A money page refused to this viewer (src/middleware.ts): 403.astro shows why. */
    moneyRefused?: true;
    /** An account page refused to a kid profile (src/lib/account-page.ts): 403.astro says why. */
    kidRefused?: true;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on the viewer's first input (src/lib/client-input.ts). */
    'client:input'?: boolean;
  }
}
