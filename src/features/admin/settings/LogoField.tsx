/**
 * An image of the business panel (docs/decisions/0086, 0184): the invoice logo or the authorised
 * signatory's signature; the image saved, an upload through the portal's one picker, and Remove.
 * A PNG or JPEG; the schema's sentence shows under it.
 */
import { secondaryButton } from "~/components/ui/form-fields";
import ImageUpload from "~/features/admin/uploads/ImageUpload";

const TEXTS = {
  logo: {
    legend: "Logo on invoices (optional)",
    help: "A PNG or JPEG, printed top-left on documents issued after you save it; without one the trading name is printed.",
    alt: "The logo on invoices",
    remove: "Remove logo",
    choose: "Choose a logo",
    upload: "Upload logo",
  },
  signature: {
    legend: "Signature on invoices (optional)",
    help: "A PNG or JPEG of the authorised signatory's signature, printed above their name on documents issued after you save it.",
    alt: "The signature on invoices",
    remove: "Remove signature",
    choose: "Choose a signature image",
    upload: "Upload signature",
  },
};

interface Props {
  kind?: keyof typeof TEXTS;
  url: string;
  error?: string | undefined;
  disabled?: boolean;
  onChange(url: string): void;
}

export default function LogoField({
  kind = "logo",
  url,
  error,
  disabled = false,
  onChange,
}: Props) {
  const t = TEXTS[kind];
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="text-sm font-medium text-ink-800">{t.legend}</legend>
      <p className="text-sm text-ink-600">{t.help}</p>
      {url && (
        <div className="flex flex-wrap items-center gap-3">
          <img src={url} alt={t.alt} className="h-12 w-auto max-w-48 object-contain" />
          <button
            type="button"
            className={`${secondaryButton} sm:w-auto`}
            disabled={disabled}
            onClick={() => onChange("")}
          >
            {t.remove}
          </button>
        </div>
      )}
      <ImageUpload
        label={t.choose}
        buttonLabel={t.upload}
        disabled={disabled}
        alertOnFailure={false}
        onUploaded={onChange}
      />
      {error && (
        <p className="text-sm text-red-600" data-field-error>
          {error}
        </p>
      )}
    </fieldset>
  );
}
