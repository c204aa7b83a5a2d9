/// <reference types="astro/client" />
type EdgeContext = import('../functions/lib/app-env.ts').EdgeContext;

declare namespace App {
  interface Locals {
    edge: EdgeContext;
  }
}
