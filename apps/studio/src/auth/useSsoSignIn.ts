// The behaviour of "Use single sign-on": the email form, the start (the server answers a redirect to the
// organisation's provider, or why it cannot: the page asks first, then goes there), and, back from the provider,
// the fragment: a session is stored as a password sign-in stores it, a failure is shown; the fragment is cleared
// from the address bar either way. A session is taken only by the tab that started a sign-in (a mark in its
// session storage): anyone can link to the sign-in page with a fragment holding their own session, and a page
// that took it would have its user work in someone else's account.

import { useEffect, useState, type FormEvent } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useLocation, useNavigate } from 'react-router';
import { sessionFromAnswer, type FetchLike } from '../api/client';
import { useServices } from '../api/context';
import { parseSsoFragment } from './ssoFragment';
import { validateEmail } from './validation';

const UNREACHABLE = 'The Marquee server cannot be reached. Check your connection and try again.';
const NOT_STARTED_HERE = 'This single sign-on was not started on this page: sign in again.';
/** The session-storage mark of a sign-in this tab started. */
export const SSO_PENDING_KEY = 'marquee-sso-pending';

export interface SsoSignInDeps {
  fetchImpl?: FetchLike;
  /** Leaves the studio for `url` (the provider's sign-in). */
  goTo?: (url: string) => void;
  /** Epoch ms (the session's expiry is counted from it). */
  clock?: () => number;
  /** Where the tab marks a sign-in it started (default: session storage; null when the browser has none). */
  pending?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

function tabStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export interface SsoSignIn {
  form: UseFormReturnType<{ email: string }>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  starting: boolean;
  error: string | null;
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // not JSON
  }
  return `The server answered ${response.status}`;
}

/** `to`: where a signed-in operator goes next. */
export function useSsoSignIn(to: string, deps: SsoSignInDeps = {}): SsoSignIn {
  const {
    fetchImpl = (url, init) => globalThis.fetch(url, init),
    goTo = (url) => window.location.assign(url),
    clock = Date.now,
    pending = tabStorage(),
  } = deps;
  const { config, sessions } = useServices();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: validateEmail },
  });

  useEffect(() => {
    const result = parseSsoFragment(location.hash);
    if (result === null) return;
    const started = pending?.getItem(SSO_PENDING_KEY) === '1';
    pending?.removeItem(SSO_PENDING_KEY);
    if (result.kind === 'session' && started) {
      sessions.set(sessionFromAnswer(result.answer, clock()));
      void navigate(to, { replace: true });
      return;
    }
    setError(result.kind === 'error' ? result.message : NOT_STARTED_HERE);
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: location.state },
    );
    // Only a new fragment is acted on.
  }, [location.hash]);

  const onSubmit = form.onSubmit(async ({ email }) => {
    const url = `${config.apiUrl}/api/v1/auth/sso/start?email=${encodeURIComponent(email.trim())}`;
    setStarting(true);
    setError(null);
    try {
      // The start answers a redirect to the provider (opaque to a page) or a refusal with its reason.
      const response = await fetchImpl(url, { redirect: 'manual' });
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        pending?.setItem(SSO_PENDING_KEY, '1');
        goTo(url);
        return;
      }
      setError(await messageOf(response));
    } catch {
      setError(UNREACHABLE);
    }
    setStarting(false);
  });

  return { form, onSubmit, starting, error };
}
