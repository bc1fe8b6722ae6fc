import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStudio } from '../testUtils';
import { SignUpForm } from './SignUpForm';

const policy = { minLength: 8, requireUppercase: true, requireNumeric: true };

describe('SignUpForm', () => {
  it('lists the password policy and says what is missing, without submitting', async () => {
    const onSubmit = vi.fn();
    renderStudio(<SignUpForm policy={policy} onSubmit={onSubmit} submitting={false} error={null} />);
    expect(screen.getByText('at least 8 characters')).toBeTruthy();
    expect(screen.getByText('an uppercase letter')).toBeTruthy();
    expect(screen.getByText('a number')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Name your organisation, e.g. your shop or company')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address, like name@example.com')).toBeTruthy();
    expect(
      screen.getByText('The password needs at least 8 characters, an uppercase letter and a number.'),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits trimmed values once every rule is met', async () => {
    const onSubmit = vi.fn();
    renderStudio(<SignUpForm policy={policy} onSubmit={onSubmit} submitting={false} error={null} />);
    await userEvent.type(screen.getByLabelText('Organisation'), '  Corner Coffee ');
    await userEvent.type(screen.getByLabelText('Email'), 'owner@corner.example');
    await userEvent.type(screen.getByLabelText('Password'), 'Espresso42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onSubmit).toHaveBeenCalledWith({
      orgName: 'Corner Coffee',
      email: 'owner@corner.example',
      password: 'Espresso42',
    });
  });

  it('shows the error the API answered', () => {
    renderStudio(
      <SignUpForm
        policy={policy}
        onSubmit={vi.fn()}
        submitting={false}
        error="An account with this email address already exists"
      />,
    );
    expect(screen.getByText('Could not create your account')).toBeTruthy();
    expect(screen.getByText('An account with this email address already exists')).toBeTruthy();
  });
});
