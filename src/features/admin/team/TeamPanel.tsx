/**
 * Settings -> Team (docs/decisions/0255-team-invites.md; mounted in settings-panels.ts): the owner
 * invites by email (the link is mailed, and shown here to pass on), changes a member's role and
 * removes a member. The server refuses what would leave the shop without an owner, with a sentence.
 */
import { useState } from "react";
import {
  FormError,
  primaryButton,
  secondaryButton,
  SelectField,
  TextField,
} from "~/components/ui/form-fields";
import { showServerErrors } from "~/components/ui/form-errors";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { inviteBody, type TeamJson } from "~/features/team/team.schema";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { indiaDateTime } from "~/lib/dates";
import { ROLE_LABELS, type StaffRole, TEAM_ROLES } from "~/lib/roles";
import { changeRole, fetchTeam, inviteMember, removeMember } from "./team-client";

const ROLE_OPTIONS = TEAM_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function InviteForm({ onInvited }: { onInvited(): void }) {
  const [link, setLink] = useState("");
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(inviteBody, {
    defaultValues: { email: "", role: "studio" },
  });
  const { errors, isSubmitting } = formState;
  const onValid = async (value: { email: string; role: StaffRole }) => {
    try {
      const made = await inviteMember(value.email, value.role);
      setLink(made.link);
      reset({ email: "", role: value.role });
      showToast({ type: "success", title: `Invite sent to ${made.email}` });
      onInvited();
    } catch (error) {
      if (!showServerErrors(error, setError, ["email", "role"]))
        setError("root.server", { type: "server", message: message(error) });
    }
  };
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-3" aria-label="Invite">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <SelectField
          label="Role"
          options={ROLE_OPTIONS}
          error={errors.role?.message}
          {...register("role")}
        />
      </div>
      <p className="text-sm text-ink-500">
        Studio: orders, stages, proofs, materials, shipments, inquiries and quote drafts.
        Accountant: reports, exports, invoices and the orders list, read only. Owner: everything.
      </p>
      <FormError message={errors.root?.server?.message} />
      <button type="submit" className={`${primaryButton} w-auto`} disabled={isSubmitting}>
        Send invite
      </button>
      {link && (
        <p className="text-sm break-all text-ink-700" data-invite-link>
          The invite link (valid 7 days, once): {link}
        </p>
      )}
    </form>
  );
}

function Members({ team, onChanged }: { team: TeamJson; onChanged(): void }) {
  const [error, setError] = useState("");
  const act = async (work: () => Promise<unknown>, done: string) => {
    setError("");
    try {
      await work();
      showToast({ type: "success", title: done });
      onChanged();
    } catch (failure) {
      setError(message(failure));
    }
  };
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-cream-200" aria-label="Team members">
        {team.members.map((m) => (
          <li key={m.uid} className="flex flex-wrap items-center gap-3 py-2" data-member={m.email}>
            <span className="min-w-0 flex-1 text-sm text-ink-900">
              {m.name || m.email} <span className="text-ink-500">{m.email}</span>
            </span>
            <select
              aria-label={`Role of ${m.email}`}
              value={m.role}
              className="rounded-full border border-cream-300 px-3 py-1 text-sm"
              onChange={(event) =>
                void act(() => changeRole(m.uid, event.target.value as StaffRole), "Role changed")
              }
            >
              {ROLE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={`${secondaryButton} w-auto`}
              onClick={() =>
                void act(() => removeMember(m.uid), `${m.email} removed from the team`)
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <FormError message={error} />
      {team.invites.length > 0 && (
        <ul className="space-y-1 text-sm text-ink-700" aria-label="Open invites">
          {team.invites.map((i) => (
            <li key={i.id}>
              Invited: {i.email} as {ROLE_LABELS[i.role]}, until {indiaDateTime(i.expiresAt)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function TeamPanel() {
  const data = useScreenData((signal) => fetchTeam(signal), []);
  return (
    <div className="space-y-6">
      <ScreenState data={data} loading="Loading the team" failed="The team could not be loaded.">
        {(team) => <Members team={team} onChanged={data.retry} />}
      </ScreenState>
      <InviteForm onInvited={data.retry} />
    </div>
  );
}
