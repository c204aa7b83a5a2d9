/// <reference types="astro/client" />
type EdgeContext = import('../functions/lib/index.ts').EdgeContext;

declare namespace App {
  interface Locals {
    edge: EdgeContext;
    /** Set by `loadPage` when a page fetched its layout's data in its own batch. */
    pageContext?: import('./lib/page-context.ts').PageContext;
    /** A sign-in form posted without JavaScript, refused or at its next step (src/lib/auth-actions.ts). */
    authForm?: import('./lib/auth-actions.ts').AuthFormState;
  }
}
