/** The product screens' shared looks (Tailwind class strings). */
export const inputClass =
  "block w-full rounded-xl border border-cream-300 bg-white px-3 py-2 text-sm text-ink-900 shadow-xs placeholder:text-ink-300 focus:border-gold-500 focus:outline-none focus:ring-2 focus:ring-gold-300/60 aria-[invalid=true]:border-red-400 disabled:bg-cream-100 disabled:text-ink-700";

export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-full bg-ink-900 px-5 py-2.5 text-sm font-semibold text-cream-50 shadow-sm transition hover:bg-ink-700 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-full border border-ink-900/15 bg-white px-5 py-2.5 text-sm font-medium text-ink-900 transition hover:bg-cream-100 disabled:cursor-not-allowed disabled:opacity-60";

export const smallButton =
  "inline-flex items-center justify-center rounded-full border border-ink-900/15 bg-white px-3 py-1.5 text-xs font-medium text-ink-900 transition hover:bg-cream-100 disabled:cursor-not-allowed disabled:opacity-60";

export const labelClass = "mb-1 block text-sm font-medium text-ink-700";
