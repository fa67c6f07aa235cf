/**
 * The Settings screen's "WhatsApp" panel (docs/whatsapp.md, decision 0239): turned on or off, the
 * Cloud API's phone number id and WhatsApp Business Account id, the access token and app secret
 * (written, never shown: empty keeps the stored one), the verify token and the webhook address to
 * paste into Meta's dashboard, the chat number, a template name and language per event, and "Send
 * me a test". What is still missing while it is on is listed above the form.
 */
import { useEffect, useState } from "react";
import { showServerErrors } from "~/components/ui/form-errors";
import { FieldError, FormError, primaryButton, secondaryButton } from "~/components/ui/form-fields";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { EVENT_INFO, WHATSAPP_EVENTS } from "~/features/whatsapp/whatsapp-events";
import {
  type WhatsappSettings,
  whatsappSettingsSchema,
} from "~/features/whatsapp/whatsapp-settings.schema";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import {
  fetchWhatsappSettings,
  saveWhatsappSettings,
  sendWhatsappTest,
  type WhatsappSettingsAnswer,
} from "./whatsapp-settings-client";

const field =
  "rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60 aria-[invalid=true]:border-red-400";
const TEXTS = [
  ["phoneNumberId", "Phone number id"],
  ["businessAccountId", "WhatsApp Business Account id"],
  ["verifyToken", "Verify token (16+ characters, also pasted in Meta's dashboard)"],
  ["apiVersion", "Graph API version"],
  ["chatNumber", 'Chat number for "Chat on WhatsApp" (empty hides the button)'],
] as const;

function formFrom(a: WhatsappSettingsAnswer): WhatsappSettings {
  const { accessTokenSet: _a, appSecretSet: _s, ...rest } = a.settings;
  return { ...rest, accessToken: "", appSecret: "" };
}

function WhatsappForm({
  stored,
  onSaved,
}: {
  stored: WhatsappSettingsAnswer;
  onSaved(a: WhatsappSettingsAnswer): void;
}) {
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(
    whatsappSettingsSchema,
    {
      defaultValues: formFrom(stored),
    },
  );
  const { errors, isSubmitting: busy } = formState;
  const [testPhone, setTestPhone] = useState("");
  useEffect(() => reset(formFrom(stored)), [stored, reset]);

  async function onValid(values: WhatsappSettings) {
    try {
      onSaved(await saveWhatsappSettings(stored.version, values));
      showToast({ type: "success", title: "WhatsApp settings saved" });
    } catch (failure) {
      if (
        showServerErrors(failure, setError, [...TEXTS.map(([n]) => n), "accessToken", "appSecret"])
      )
        return;
      setError("root.server", {
        type: "server",
        message:
          failure instanceof Error ? failure.message : "The WhatsApp settings were not saved",
      });
    }
  }

  async function test() {
    try {
      await sendWhatsappTest(testPhone);
      showToast({ type: "success", title: "Test sent: look on your phone" });
    } catch (failure) {
      showToast({
        type: "error",
        title: failure instanceof Error ? failure.message : "The test was not sent",
      });
    }
  }

  const s = stored.settings;
  return (
    <div className="space-y-4 text-sm" data-whatsapp-settings>
      {stored.problems.map((p) => (
        <p key={p} role="alert" className="rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
          {p}
        </p>
      ))}
      <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4">
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register("enabled")} /> Send order updates on WhatsApp to
          customers who agreed
        </label>
        <fieldset className="flex flex-wrap gap-2">
          {TEXTS.map(([name, label]) => (
            <label key={name} className="flex flex-col">
              {label}
              <input
                className={field}
                aria-invalid={errors[name] ? true : undefined}
                {...register(name)}
              />
              <FieldError message={errors[name]?.message} />
            </label>
          ))}
          {(["accessToken", "appSecret"] as const).map((name) => (
            <label key={name} className="flex flex-col">
              {name === "accessToken" ? "Access token" : "App secret"}
              <input
                type="password"
                autoComplete="off"
                className={field}
                placeholder={
                  (name === "accessToken" ? s.accessTokenSet : s.appSecretSet)
                    ? "Saved (type to replace)"
                    : "Not set"
                }
                {...register(name)}
              />
              <FieldError message={errors[name]?.message} />
            </label>
          ))}
        </fieldset>
        <p>
          Webhook address for Meta's dashboard (field "messages"):{" "}
          <code className="break-all">{stored.webhookUrl}</code>
        </p>
        <fieldset className="space-y-1">
          <legend className="font-semibold">
            Templates (utility, approved in WhatsApp Manager)
          </legend>
          {WHATSAPP_EVENTS.map((event) => (
            <div key={event} className="flex flex-wrap items-center gap-2">
              <span className="w-48">{EVENT_INFO[event].label}</span>
              <input
                className={field}
                aria-label={`${EVENT_INFO[event].label}: template name`}
                {...register(`templates.${event}.name`)}
              />
              <select
                className={field}
                aria-label={`${EVENT_INFO[event].label}: language`}
                {...register(`templates.${event}.language`)}
              >
                <option value="en">English</option>
                <option value="hi">Hindi</option>
              </select>
              <span className="text-ink-500">
                {EVENT_INFO[event].params.map((p, i) => `{{${i + 1}}} ${p}`).join(", ")}
              </span>
              <FieldError message={errors.templates?.[event]?.name?.message} />
            </div>
          ))}
        </fieldset>
        <FormError message={errors.root?.server?.message} />
        <button type="submit" className={`${primaryButton} w-auto`} disabled={busy}>
          Save
        </button>
      </form>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col">
          Your mobile number
          <input
            className={field}
            value={testPhone}
            onChange={(e) => setTestPhone(e.target.value)}
            inputMode="tel"
          />
        </label>
        <button type="button" className={`${secondaryButton} w-auto`} onClick={test}>
          Send me a test
        </button>
      </div>
    </div>
  );
}

export default function WhatsappPanel() {
  const data = useScreenData((signal) => fetchWhatsappSettings(signal), []);
  return (
    <ScreenState
      data={data}
      loading="Loading the WhatsApp settings"
      failed="The WhatsApp settings could not be loaded."
    >
      {(stored) => <WhatsappForm stored={stored} onSaved={(saved) => data.update(() => saved)} />}
    </ScreenState>
  );
}
