/**
 * Forms that work from the first paint (docs/decisions/0077-first-paint-forms.md). The login and
 * sign-up islands hydrate a moment after the page shows; their Submit buttons are enabled in the
 * server's HTML all the same. A submit before the island runs is held here (never sent to the
 * server as a plain form post), the page says it is getting ready, and the island sends it as soon
 * as it has hydrated, with what was typed.
 *
 * - startEarlySubmit(): the page's side (a `<script>` on the page), listening for submits of
 *   `form[data-early-submit]` that has no `data-hydrated` yet.
 * - takeEarlySubmit(form): the island's side, called once it has hydrated.
 */

const NOTE_TEXT = "Getting ready... your details will be sent in a moment.";

function noteFor(form: HTMLFormElement): HTMLElement {
  // Outside the island (the form's island element), so React's hydration never sees it.
  const island = form.closest("astro-island") ?? form;
  const next = island.nextElementSibling;
  if (next instanceof HTMLElement && next.dataset.earlySubmitNote !== undefined) return next;
  const note = document.createElement("p");
  note.dataset.earlySubmitNote = "";
  note.setAttribute("role", "status");
  note.className = "mt-3 text-center text-sm text-ink-700";
  note.textContent = NOTE_TEXT;
  island.after(note);
  return note;
}

let started = false;

function hold(form: HTMLFormElement): void {
  form.dataset.pendingSubmit = "";
  form.setAttribute("aria-busy", "true");
  noteFor(form);
}

export function startEarlySubmit(): void {
  if (started) return;
  started = true;
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      if (!form.matches("form[data-early-submit]:not([data-hydrated])")) return;
      event.preventDefault();
      hold(form);
    },
    true,
  );
  // A submit the page's loader held before this script ran (src/server/critical-css/deferred-scripts.ts).
  for (const form of document.querySelectorAll<HTMLFormElement>(
    "form[data-early-submit][data-pending-submit]:not([data-hydrated])",
  ))
    hold(form);
}

/** Marks the form hydrated and sends a submit that was held before it was. */
export function takeEarlySubmit(form: HTMLFormElement | null): void {
  if (!form) return;
  form.dataset.hydrated = "";
  if (form.dataset.pendingSubmit === undefined) return;
  delete form.dataset.pendingSubmit;
  form.removeAttribute("aria-busy");
  const island = form.closest("astro-island") ?? form;
  const note = island.nextElementSibling;
  if (note instanceof HTMLElement && note.dataset.earlySubmitNote !== undefined) note.remove();
  form.requestSubmit();
}
