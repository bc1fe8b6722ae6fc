import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStudio, routeApi } from '../testUtils';
import { AcceptInvitationPage } from './AcceptInvitationPage';

const session = {
  idToken: 'id',
  refreshToken: 'refresh',
  expiresIn: 3600,
  user: { id: 'u2', email: 'ed@example.com' },
  org: { id: 'o1', name: 'Corner Coffee' },
};

describe('AcceptInvitationPage', () => {
  it("sets a password with the link's token, keeps the session answered and opens the studio", async () => {
    const { api, calls } = routeApi({ 'POST /auth/accept-invitation': session });
    const adopt = vi.spyOn(api, 'adoptSession');
    renderStudio(<AcceptInvitationPage />, {
      api,
      path: '/accept-invitation#token=inv%2Bsecret',
      route: '/accept-invitation',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findAllByText(/at least 6 characters/i)).length).toBeGreaterThan(1); // the rule and the error
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('New password'), 'correct horse 42');
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await screen.findByText('elsewhere');
    expect(calls).toEqual([
      ['POST', '/auth/accept-invitation', { token: 'inv+secret', password: 'correct horse 42' }],
    ]);
    expect(adopt).toHaveBeenCalledWith(session);
  });

  it('says a link without its token is not complete, and offers no form', async () => {
    renderStudio(<AcceptInvitationPage />, { path: '/accept-invitation', route: '/accept-invitation' });
    expect(await screen.findByText('This link is not complete')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
