import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { fakeApi, renderStudio } from '../testUtils';
import { AuthPage } from './AuthPage';

describe('AuthPage', () => {
  it('asks for what is missing before calling the API', async () => {
    const signIn = vi.fn();
    renderStudio(<AuthPage mode="signin" />, { api: fakeApi({ signIn }), path: '/signin', route: '/signin' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows the API refusal of a sign-in', async () => {
    const signIn = vi.fn(() =>
      Promise.reject(new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong email address or password')),
    );
    renderStudio(<AuthPage mode="signin" />, { api: fakeApi({ signIn }), path: '/signin', route: '/signin' });
    await userEvent.type(screen.getByLabelText('Email'), 'owner@corner.example');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong email address or password')).toBeTruthy();
    expect(signIn).toHaveBeenCalledWith('owner@corner.example', 'wrong password');
  });

  it("shows the server's password policy on sign-up", async () => {
    const passwordPolicy = () => Promise.resolve({ policy: { minLength: 10, requireNonAlphanumeric: true } });
    renderStudio(<AuthPage mode="signup" />, {
      api: fakeApi({ passwordPolicy }),
      path: '/signup',
      route: '/signup',
    });
    expect(await screen.findByText('at least 10 characters')).toBeTruthy();
    expect(screen.getByText('a character that is not a letter or number')).toBeTruthy();
  });
});
