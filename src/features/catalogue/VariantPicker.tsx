/**
 * One variant group of the product detail island (ProductDetail.tsx, docs/product.md §2 "Product
 * detail") as a radio group of buttons, each option with its additional price.
 */
import { useRef, type KeyboardEvent } from "react";
import { formatInr } from "~/lib/money";
import type { Variant } from "./catalogue";

/** One variant group as a radio group of buttons (arrow keys move the choice, as in native radios). */
export default function VariantPicker({
  labelId,
  group,
  options,
  selectedId,
  onChoose,
  isSoldOut = () => false,
}: {
  labelId: string;
  group: string;
  options: Variant[];
  selectedId: string | undefined;
  onChoose: (option: Variant) => void;
  /** A sold-out combination: greyed, still choosable (the page then offers "Ask for one like it"). */
  isSoldOut?: (option: Variant) => boolean;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(
    0,
    options.findIndex((o) => o.id === selectedId),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (selectedIndex + step + options.length) % options.length;
    const option = options[next];
    if (!option) return;
    onChoose(option);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <p id={labelId} className="text-sm font-medium">
        {group}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        onKeyDown={onKeyDown}
        className="mt-2 flex flex-wrap gap-2"
      >
        {options.map((option, index) => {
          const checked = option.id === selectedId;
          const gone = isSoldOut(option);
          return (
            <button
              key={option.id}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={index === selectedIndex ? 0 : -1}
              onClick={() => onChoose(option)}
              data-sold-out={gone || undefined}
              className={[
                gone ? "line-through opacity-50" : "",
                "rounded-full px-4 py-2 text-sm ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700",
                checked
                  ? "bg-stone-900 text-white ring-stone-900"
                  : "bg-white text-stone-800 ring-stone-300 hover:bg-stone-100",
              ].join(" ")}
            >
              {option.value}
              {gone && <span className="sr-only"> (sold out)</span>}
              {option.price > 0 && (
                <span className={checked ? "text-stone-300" : "text-stone-500"}>
                  {" "}
                  (+{formatInr(option.price)})
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
