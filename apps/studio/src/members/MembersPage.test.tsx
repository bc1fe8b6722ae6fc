import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@marquee/management-api';
import { renderStudio, routeApi } from '../testUtils';
import { MembersPage } from './MembersPage';

const T0 = 1_700_000_000_000;
const me = (role: Role) => ({
  user: { id: 'u1', email: 'boss@example.com' },
  org: { id: 'o1', name: 'Corner Coffee' },
  role,
  actor: 'member',
});
const member = (id: string, email: string, role: Role) => ({
  id,
  email,
  role,
  createdAt: T0,
  lastSignInAt: null,
});

function team(role: Role) {
  return routeApi({
    'GET /me': me(role),
    'GET /members': { members: [member('u2', 'ed@example.com', 'editor')] },
    'GET /invitations': { invitations: [] },
    'PATCH /members/u2': member('u2', 'ed@example.com', 'admin'),
  });
}

/** Opens a select and answers its own options (every select keeps its listbox in the page). */
async function openSelect(name: string): Promise<HTMLElement[]> {
  const input = await screen.findByRole('textbox', { name });
  await userEvent.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  return within(listbox).findAllByRole('option', { hidden: true });
}

async function rolesOffered(email: string): Promise<string> {
  const options = await openSelect(`Role of ${email}`);
  await userEvent.keyboard('{Escape}');
  return options.map((option) => option.textContent ?? '').join(',');
}

describe('MembersPage', () => {
  it("offers the owner role in a member's role select to owners only", async () => {
    const owner = renderStudio(<MembersPage />, { api: team('owner').api });
    await expect.poll(() => rolesOffered('ed@example.com')).toBe('Viewer,Editor,Admin,Owner');
    owner.unmount();
    renderStudio(<MembersPage />, { api: team('admin').api });
    await expect.poll(() => rolesOffered('ed@example.com')).toBe('Viewer,Editor,Admin');
  });

  it("changes a member's role with a PATCH", async () => {
    const { api, calls } = team('owner');
    renderStudio(<MembersPage />, { api });
    await expect.poll(() => rolesOffered('ed@example.com')).toContain('Owner');
    const admin = (await openSelect('Role of ed@example.com')).find(
      (option) => option.textContent === 'Admin',
    );
    await userEvent.click(admin!);
    await expect.poll(() => calls).toContainEqual(['PATCH', '/members/u2', { role: 'admin' }]);
  });

  it('shows the invitation link once, says it was emailed, and lists the invitation as pending', async () => {
    const url = 'http://studio.test/studio/accept-invitation#token=inv-secret';
    const invitation = {
      id: 'i1',
      email: 'new@example.com',
      role: 'viewer',
      invitedBy: 'u1',
      createdAt: T0,
      expiresAt: T0 + 7 * 86_400_000,
    };
    let invitations: unknown[] = [];
    const { api, calls } = routeApi({
      'GET /me': me('owner'),
      'GET /members': { members: [member('u1', 'boss@example.com', 'owner')] },
      'GET /invitations': () => ({ invitations }),
      'POST /invitations': () => {
        invitations = [invitation];
        return { ...invitation, token: 'inv-secret', url, emailed: true };
      },
    });
    renderStudio(<MembersPage />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Email'), ' new@example.com ');
    const viewer = (await openSelect('Role')).find((option) => option.textContent === 'Viewer');
    await userEvent.click(viewer!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect((await within(dialog).findByTestId('invitation-link')).textContent).toBe(url);
    expect(within(dialog).getByText(/also emailed it to new@example.com/)).toBeTruthy();
    expect(calls).toContainEqual(['POST', '/invitations', { email: 'new@example.com', role: 'viewer' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(pending.textContent).toContain('new@example.com');
    expect(document.body.textContent).not.toContain('inv-secret');
  });
});
