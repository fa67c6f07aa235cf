/** The React twin of Spinner.astro for islands (same look). */
interface Props {
  label?: string;
  showLabel?: boolean;
  size?: "sm" | "md" | "lg";
  className?: string;
}

const DIMS = { sm: "size-4 border-2", md: "size-8 border-2", lg: "size-12 border-[3px]" } as const;

export default function Spinner({
  label = "Loading",
  showLabel = false,
  size = "md",
  className = "",
}: Props) {
  return (
    <span role="status" className={`inline-flex flex-col items-center gap-3 ${className}`}>
      <span
        aria-hidden="true"
        className={`animate-spin rounded-full border-cream-300 border-t-gold-500 ${DIMS[size]}`}
      />
      <span className={showLabel ? "text-sm text-ink-500" : "sr-only"}>{label}</span>
    </span>
  );
}
