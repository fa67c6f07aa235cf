/**
 * /team/join#<token> (docs/decisions/0255-team-invites.md): the invited person accepts the
 * owner's invite. The token travels in the address's fragment, so no server log ever sees it; it is
 * kept in this tab's sessionStorage while the person signs in. The server checks the rest: the
 * invite is unused and in time, and the signed-in, verified address is the invited one.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { primaryButton } from "~/components/ui/form-fields";
import { apiJson } from "~/features/account/session-api";
import { $user, initSession, updateSessionUser } from "~/features/account/session-store";
import { ROLE_LABELS, type StaffRole } from "~/lib/roles";

const KEY = "teamInvite";

export default function JoinTeam() {
  const user = useStore($user);
  const [token, setToken] = useState("");
  const [state, setState] = useState<{ error?: string; role?: StaffRole; busy?: boolean }>({});

  useEffect(() => {
    initSession();
    const fromLink = location.hash.slice(1);
    if (fromLink) sessionStorage.setItem(KEY, fromLink);
    setToken(fromLink || sessionStorage.getItem(KEY) || "");
  }, []);

  if (!token)
    return (
      <p className="text-ink-700">This invite link is not complete; copy it again from the mail.</p>
    );
  if (state.role)
    return (
      <p className="text-ink-900" role="status" data-team-joined>
        You are on the team as {ROLE_LABELS[state.role]}.{" "}
        <a href="/admin" className="underline">
          Open the portal
        </a>
      </p>
    );
  if (!user)
    return (
      <p className="text-ink-700">
        Sign in (or sign up) with the email address the invite was sent to, then come back here.{" "}
        <a href="/login?redirect=%2Fteam%2Fjoin" className="underline">
          Sign in
        </a>
      </p>
    );

  const accept = async () => {
    setState({ busy: true });
    try {
      const { role } = await apiJson<{ role: StaffRole }>("POST", "/v2/team/accept", { token });
      sessionStorage.removeItem(KEY);
      // The session's user cookie carries the role the portal's gate reads in the browser.
      const current = $user.get();
      if (current) await updateSessionUser({ ...current, role });
      setState({ role });
    } catch (error) {
      setState({ error: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-ink-700">Signed in as {user.email}.</p>
      <button
        type="button"
        className={`${primaryButton} w-auto`}
        disabled={state.busy}
        onClick={() => void accept()}
      >
        Accept the invite
      </button>
      {state.error && (
        <p className="text-sm text-red-700" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
