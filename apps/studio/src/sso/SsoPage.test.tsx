import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SsoConfigView } from '@marquee/management-api';
import { ApiError } from '../api/client';
import { renderStudio, routeApi } from '../testUtils';
import { SsoPage } from './SsoPage';

const SET: SsoConfigView = {
  issuer: 'https://login.example.com/realms/acme',
  clientId: 'marquee',
  redirectUri: 'https://signage.example/api/v1/auth/sso/callback',
  updatedAt: 1_700_000_000_000,
};

describe('SsoPage', () => {
  it('shows the redirect URI to register first, then sets the provider', async () => {
    const { api, calls } = routeApi({
      'GET /sso': { sso: null },
      'PUT /sso': (body: unknown) => ({ sso: { ...SET, ...(body as object), clientSecret: undefined } }),
    });
    renderStudio(<SsoPage />, { api });
    expect((await screen.findByTestId('sso-redirect-uri')).textContent).toBe(
      'http://studio.test/api/v1/auth/sso/callback',
    );
    await userEvent.type(screen.getByLabelText('Issuer'), ' https://login.example.com/realms/acme ');
    await userEvent.type(screen.getByLabelText('Client id'), 'marquee');
    await userEvent.type(screen.getByLabelText('Client secret'), 's3cret');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on single sign-on' }));
    await waitFor(() =>
      expect(calls).toContainEqual([
        'PUT',
        '/sso',
        { issuer: 'https://login.example.com/realms/acme', clientId: 'marquee', clientSecret: 's3cret' },
      ]),
    );
    expect(await screen.findByText(/Saved: the provider answered/)).toBeTruthy();
    expect(screen.getByLabelText('Client secret')).toHaveProperty('value', '');
    expect(screen.getByTestId('sso-redirect-uri').textContent).toBe(SET.redirectUri);
  });

  it("shows the server's refusal of the issuer on its field", async () => {
    const message =
      'The issuer https://nowhere.example is not a usable OpenID provider: it could not be reached';
    const { api } = routeApi({
      'GET /sso': { sso: null },
      'PUT /sso': () => {
        throw new ApiError(400, 'SSO_ISSUER_UNUSABLE', message, 'issuer');
      },
    });
    renderStudio(<SsoPage />, { api });
    await userEvent.type(await screen.findByLabelText('Issuer'), 'https://nowhere.example');
    await userEvent.type(screen.getByLabelText('Client id'), 'marquee');
    await userEvent.type(screen.getByLabelText('Client secret'), 's3cret');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on single sign-on' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Issuer').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for every field before sending', async () => {
    const { api, calls } = routeApi({ 'GET /sso': { sso: null } });
    renderStudio(<SsoPage />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on single sign-on' }));
    expect(screen.getByText('Enter the issuer URL of your provider')).toBeTruthy();
    expect(screen.getByText('Enter the client id the provider gave you')).toBeTruthy();
    expect(screen.getByText(/Enter the client secret/)).toBeTruthy();
    expect(calls.filter(([method]) => method === 'PUT')).toEqual([]);
  });

  it('shows the provider set, never its secret, and turns it off', async () => {
    const { api, calls } = routeApi({ 'GET /sso': { sso: SET }, 'DELETE /sso': { deleted: 'o1' } });
    renderStudio(<SsoPage />, { api });
    await waitFor(() => expect(screen.getByLabelText('Issuer')).toHaveProperty('value', SET.issuer));
    expect(screen.getByLabelText('Client id')).toHaveProperty('value', 'marquee');
    expect(screen.getByLabelText('Client secret')).toHaveProperty('value', '');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off single sign-on' }));
    await waitFor(() => expect(calls).toContainEqual(['DELETE', '/sso', undefined]));
    expect(await screen.findByRole('button', { name: 'Turn on single sign-on' })).toBeTruthy();
  });
});
