// A public page that sets a password with a link's token and signs in: accepting an invitation, completing a reset.

import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePasswordPolicy } from '../api/queries';
import { Requirements } from '../auth/SignUpForm';
import { PublicCard } from '../auth/PublicCard';
import { linkToken } from './linkToken';
import { useNewPasswordForm } from './useNewPasswordForm';

export interface TokenPasswordPageProps {
  title: string;
  intro: string;
  submitLabel: string;
  /** Sets the password with the token; resolves once signed in. */
  submit(body: { token: string; password: string }): Promise<unknown>;
  pending: boolean;
  error: string | null;
}

export function TokenPasswordPage({
  title,
  intro,
  submitLabel,
  submit,
  pending,
  error,
}: TokenPasswordPageProps) {
  const token = linkToken(useLocation().hash);
  const navigate = useNavigate();
  const policy = usePasswordPolicy();
  const form = useNewPasswordForm(policy, (password) => {
    if (token !== null) void submit({ token, password }).then(() => navigate('/screens', { replace: true }));
  });
  return (
    <PublicCard
      title={title}
      intro={intro}
      footer={
        <Anchor component={Link} to="/signin">
          Back to sign in
        </Anchor>
      }
    >
      {token === null ? (
        <Alert color="red" variant="light" title="This link is not complete">
          Open the link exactly as you received it, or ask for a new one.
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit} noValidate>
          <Stack gap="md">
            {error !== null && (
              <Alert color="red" variant="light" title="Could not set your password">
                {error}
              </Alert>
            )}
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              {...form.form.getInputProps('password')}
            />
            <Requirements requirements={form.requirements} />
            <Button type="submit" loading={pending} fullWidth>
              {submitLabel}
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
