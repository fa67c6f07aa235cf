/**
 * Mounts the cart's React root (src/features/cart/CartRoot.tsx: the drawer and the merge prompt)
 * only when it is needed, instead of as a `client:idle` island on every page: when the cart store
 * asks for the drawer or the merge prompt ($cartOpen / $mergePrompt). The cart buttons' `cart:open`
 * (cart-badge.ts) opens the store; a sign-in may raise the prompt. Hovering a cart button preloads
 * the chunk. Content-only pages thus load React only when a person opens the cart.
 */
import type { ComponentType } from "react";
import { $cartOpen, $mergePrompt } from "~/features/cart/cart-store";
import { ensureReactPreamble, mountReact } from "./on-demand";

let started = false;

export function startCartLauncher(): void {
  if (started) return;
  started = true;

  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= ensureReactPreamble()
      .then(() => import("~/features/cart/CartRoot"))
      .then((m) => m.default)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));

  let mounted: Promise<void> | undefined;
  const mount = () =>
    (mounted ??= preload()
      .then((CartRoot) => mountReact(CartRoot, {}, "cart-root"))
      .catch((error: unknown) => {
        mounted = undefined;
        console.error("[cart] the cart drawer failed to load", error);
      }));

  const wake = (value: unknown) => {
    if (value) void mount();
  };
  $cartOpen.subscribe(wake);
  $mergePrompt.subscribe(wake);

  document.addEventListener(
    "pointerover",
    (event) => {
      if (event.target instanceof Element && event.target.closest("[data-cart-open]"))
        void preload().catch(() => {});
    },
    { passive: true },
  );
}
