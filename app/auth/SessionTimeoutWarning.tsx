import { useLocation, useNavigation } from "@remix-run/react";
import { Form } from "~/ui/Form";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { warningLeadMs } from "./session-timeout";

// The dialog (and the modal kit) loads once the page is idle, off the first visit's critical path
// (issue #38): the warning shows minutes later at the earliest.
const loadDialog = () => import("./SessionTimeoutDialog");
const SessionTimeoutDialog = lazy(() => loadDialog().then((module) => ({ default: module.SessionTimeoutDialog })));

/** The last activity of any tab of the portal, so an idle tab does not sign out a busy one. */
const LAST_ACTIVITY_KEY = "portal:lastActivity";

function sharedLastActivity(): number {
  try {
    return Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

function shareLastActivity(at: number): void {
  try {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Storage can be disabled in locked-down browsers; this tab then keeps its own clock.
  }
}

/**
 * With JavaScript, the idle time-out announced (issue #15 §5, SPEC §4 Inactivity logout): a
 * warning before the server's idle limit with "Stay logged in", then sign-out with the reason,
 * so the sign-in page explains. Every navigation or submission reached the server, so it counts
 * as activity. The mm:ss countdown is the spec's session-expiry modal, off unless configured.
 * Without JavaScript the server alone enforces the limit at the next request.
 */
export function SessionTimeoutWarning({ idleMs, countdown }: { idleMs: number; countdown: boolean }) {
  const location = useLocation();
  const navigation = useNavigation();
  const lastActivity = useRef(Date.now());
  const signOutForm = useRef<HTMLFormElement>(null);
  const [activity, setActivity] = useState(0);
  const [remaining, setRemaining] = useState<number | null>(null);
  const lead = warningLeadMs(idleMs);

  const markActive = useCallback(() => {
    lastActivity.current = Date.now();
    shareLastActivity(lastActivity.current);
    setActivity((n) => n + 1);
  }, []);

  useEffect(markActive, [location.key, markActive]);
  useEffect(() => {
    if (navigation.state === "submitting") markActive();
  }, [navigation.state, markActive]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY) setActivity((n) => n + 1);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => void loadDialog().catch(() => undefined));
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    function check() {
      const left = Math.max(lastActivity.current, sharedLastActivity()) + idleMs - Date.now();
      if (left <= 0) {
        setRemaining(0);
        // Offline (the installed app), there is no one to sign out with; the server ends the session anyway.
        if (navigator.onLine) signOutForm.current?.submit();
        return;
      }
      if (left > lead) {
        setRemaining(null);
        timer = setTimeout(check, left - lead);
        return;
      }
      setRemaining(left);
      timer = setTimeout(check, countdown ? Math.min(1000, left) : left);
    }
    check();
    return () => clearTimeout(timer);
  }, [activity, idleMs, lead, countdown]);

  async function stayLoggedIn() {
    const answer = await fetch("/session/keepalive", {
      method: "POST",
      body: new URLSearchParams(),
      redirect: "manual",
    }).catch(() => null);
    // The session already ended (the computer slept): the server's sign-in redirect explains why.
    if (!answer?.ok) window.location.reload();
    else markActive();
  }

  return (
    <>
      <Form method="post" action="/logout" reloadDocument ref={signOutForm} hidden>
        <input type="hidden" name="reason" value="inactivity" />
      </Form>
      {remaining !== null && remaining > 0 && (
        <Suspense fallback={null}>
          <SessionTimeoutDialog
            remainingMs={remaining}
            countdown={countdown}
            closeTo={location.pathname + location.search}
            onStay={stayLoggedIn}
            onSignOut={() => signOutForm.current?.submit()}
          />
        </Suspense>
      )}
    </>
  );
}
