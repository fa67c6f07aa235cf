/**
 * The invoice logo in the business panel (docs/decisions/0086): the logo saved, an upload through
 * the portal's one picker, and Remove. A PNG or JPEG; the schema's sentence shows under it.
 */
import { secondaryButton } from "../../../components/ui/form-fields";
import ImageUpload from "../uploads/ImageUpload";

interface Props {
  url: string;
  error?: string | undefined;
  disabled?: boolean;
  onChange(url: string): void;
}

export default function LogoField({ url, error, disabled = false, onChange }: Props) {
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="text-sm font-medium text-ink-800">Logo on invoices (optional)</legend>
      <p className="text-sm text-ink-600">
        A PNG or JPEG, printed top-left on documents issued after you save it; without one the
        trading name is printed.
      </p>
      {url && (
        <div className="flex flex-wrap items-center gap-3">
          <img
            src={url}
            alt="The logo on invoices"
            className="h-12 w-auto max-w-48 object-contain"
          />
          <button
            type="button"
            className={`${secondaryButton} sm:w-auto`}
            disabled={disabled}
            onClick={() => onChange("")}
          >
            Remove logo
          </button>
        </div>
      )}
      <ImageUpload
        label="Choose a logo"
        buttonLabel="Upload logo"
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
