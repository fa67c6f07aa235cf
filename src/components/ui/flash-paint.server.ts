/**
 * The flashed toasts painted as the parser reaches the toaster
 * (docs/decisions/0333-flash-toasts-at-first-paint.md): a small classic inline script right after
 * Toaster.astro's `#toaster` and its `<template>`, so the toasts the previous page flashed
 * (flash-toasts.ts: the sign-up's "Success!", "Logged in! Welcome back!", "Logged Out!", a
 * payment's answer) are on screen at the page's first paint instead of after the shell's scripts
 * (which start after the first frame, decision 0050).
 *
 * It takes the flashes out of sessionStorage (once: the toaster's module script then finds none),
 * and for each fresh, well-formed one clones the template's toast and its type's icon, writes the
 * title and message with textContent, and marks the toast `data-flash` with the moment it was
 * painted. Until the toaster's module script adopts it (its queue then owns it: the rest of the
 * 5 s, click to dismiss), a click removes it and it goes by itself 5 s after it was painted.
 * Storage blocked, malformed or stale flashes: nothing is shown, nothing thrown.
 * The page's CSP names the script's hash (Toaster.astro adds it with Astro.csp).
 */
import { createHash } from "node:crypto";
import { FLASH_KEY, FLASH_MAX_AGE_MS } from "./flash-toasts";
import { TOAST_DURATION_MS } from "./toast-store";

const name = JSON.stringify;

/** The script's text (run in the browser as written: plain JavaScript, no imports). */
export const FLASH_PAINT =
  `(()=>{try{const d=document,r=d.getElementById("toaster"),t=d.getElementById("toast-template"),` +
  `s=sessionStorage,v=s.getItem(${name(FLASH_KEY)});if(!r||!t||!v)return;s.removeItem(${name(FLASH_KEY)});` +
  `const l=JSON.parse(v),c=t.content,n=Date.now();if(!Array.isArray(l))return;` +
  `for(const f of l){if(!f||typeof f.title!=="string"||!(n-f.at<=${FLASH_MAX_AGE_MS}))continue;` +
  `const i=[...c.querySelectorAll("[data-icon]")].find(x=>x.dataset.icon===f.type);if(!i)continue;` +
  `const e=c.firstElementChild.cloneNode(!0),p=e.querySelectorAll("p");` +
  `e.dataset.toastType=f.type;e.prepend(i.cloneNode(!0));p[0].textContent=f.title;` +
  `typeof f.message==="string"&&f.message?p[1].textContent=f.message:p[1].remove();` +
  `e.dataset.flash=performance.now();e.onclick=()=>e.remove();` +
  `setTimeout(()=>{e.dataset.flash&&e.remove()},${TOAST_DURATION_MS});r.append(e)}}catch{}})()`;

/** Its CSP hash, as Astro's `insertScriptHash` takes it. */
export const FLASH_PAINT_HASH: `sha256-${string}` = `sha256-${createHash("sha256")
  .update(FLASH_PAINT)
  .digest("base64")}`;
