import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createSessionStore } from '../api/sessionStore';
import { studioConfigOf } from '../config';
import { Providers } from '../Providers';
import { fakeApi } from '../testUtils';
import { SsoSignInForm } from './SsoSignInForm';
import { SSO_PENDING_KEY, useSsoSignIn, type SsoSignInDeps } from './useSsoSignIn';

const NOW = Date.UTC(2026, 10, 24, 9, 0, 0);
const ANSWER = {
  idToken: 'id-token',
  refreshToken: 'refresh-token',
  expiresIn: 3600,
  user: { id: 'u1', email: 'editor@example.com' },
  org: { id: 'o1', name: 'Café Señor' },
};
const fragmentOf = (answer: unknown) =>
  `#sso=${btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(answer))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}`;

function Where() {
  const location = useLocation();
  return <output aria-label="where">{`${location.pathname}${location.hash}`}</output>;
}

function Section({ deps }: { deps: SsoSignInDeps }) {
  return <SsoSignInForm sso={useSsoSignIn('/screens', { clock: () => NOW, ...deps })} />;
}

/** A tab's session storage, with a sign-in started in it when `started`. */
function tab(started: boolean) {
  const items = new Map<string, string>(started ? [[SSO_PENDING_KEY, '1']] : []);
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function renderAt(entry: string, deps: SsoSignInDeps = {}) {
  const sessions = createSessionStore(null);
  const services = { api: fakeApi(), sessions, config: studioConfigOf(undefined, 'http://studio.test') };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers services={services} client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Where />
        <Routes>
          <Route path="/signin" element={<Section deps={deps} />} />
          <Route path="/screens" element={<p>screens page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return sessions;
}

describe('useSsoSignIn', () => {
  it('stores the session the provider round trip brought back, as a password sign-in does, and goes on', async () => {
    const pending = tab(true);
    const sessions = renderAt(`/signin${fragmentOf(ANSWER)}`, { pending });
    expect(await screen.findByText('screens page')).toBeTruthy();
    expect(pending.items.size).toBe(0);
    expect(sessions.get()).toEqual({
      idToken: 'id-token',
      refreshToken: 'refresh-token',
      expiresAt: NOW + 3600 * 1000,
      user: ANSWER.user,
      org: ANSWER.org,
    });
    expect(screen.getByLabelText('where').textContent).toBe('/screens');
  });

  it('says why a sign-in failed and clears it from the address', async () => {
    const message =
      'No member of this organisation has the address x@example.com: ask an admin to invite you.';
    const sessions = renderAt(
      `/signin#${new URLSearchParams({ ssoError: 'SSO_NOT_A_MEMBER', email: 'x@example.com' }).toString()}`,
    );
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('where').textContent).toBe('/signin');
    expect(sessions.get()).toBeNull();
  });

  it('refuses a session this tab did not ask for (a link made by someone else), storing nothing', async () => {
    const sessions = renderAt(`/signin${fragmentOf(ANSWER)}`, { pending: tab(false) });
    expect(await screen.findByText(/was not started on this page/)).toBeTruthy();
    expect(sessions.get()).toBeNull();
    expect(screen.getByLabelText('where').textContent).toBe('/signin');
  });

  it('refuses a fragment it cannot read, storing nothing', async () => {
    const sessions = renderAt('/signin#sso=not-a-session');
    expect(await screen.findByText(/could not be read/)).toBeTruthy();
    expect(sessions.get()).toBeNull();
  });

  it('goes to the provider when the server answers a redirect', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(null, { status: 302 })));
    const goTo = vi.fn();
    const pending = tab(false);
    renderAt('/signin', { fetchImpl, goTo, pending });
    await userEvent.click(screen.getByRole('button', { name: 'Use single sign-on' }));
    await userEvent.type(screen.getByLabelText('Work email'), ' ed+sso@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    const url = 'http://studio.test/api/v1/auth/sso/start?email=ed%2Bsso%40example.com';
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(url));
    expect(fetchImpl).toHaveBeenCalledWith(url, { redirect: 'manual' });
    expect(pending.items.get(SSO_PENDING_KEY)).toBe('1');
  });

  it("shows the server's refusal and stays", async () => {
    const refusal = {
      error: { code: 'SSO_NOT_AVAILABLE', message: 'Single sign-on is not set up for this address' },
    };
    const fetchImpl = vi.fn(() => Promise.resolve(Response.json(refusal, { status: 400 })));
    const goTo = vi.fn();
    renderAt('/signin', { fetchImpl, goTo });
    await userEvent.click(screen.getByRole('button', { name: 'Use single sign-on' }));
    await userEvent.type(screen.getByLabelText('Work email'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(await screen.findByText('Single sign-on is not set up for this address')).toBeTruthy();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('asks for an email before asking the server', async () => {
    const fetchImpl = vi.fn();
    renderAt('/signin', { fetchImpl });
    await userEvent.click(screen.getByRole('button', { name: 'Use single sign-on' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
