/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * The signed-in visitor, verified from the `token` cookie by src/middleware.ts; null when
     * anonymous. Pages and the shell read it (greeting, portal link for `isOwner`, guards).
     */
    user: import("./features/account/account").SessionUser | null;
  }
}
