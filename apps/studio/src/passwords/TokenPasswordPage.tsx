// A public page that sets a password with a link's token and signs in: accepting an invitation, completing a reset.

import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePasswordPolicy } from '../api/queries';
import { Requirements } from '../auth/SignUpForm';
import { Logo } from '../layout/Logo';
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
    <Center mih="100vh" bg="gray.0" p="md">
      <Stack w={420} gap="lg">
        <Center>
          <Logo size="lg" />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Title order={2} size="h3" mb={4}>
            {title}
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            {intro}
          </Text>
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
        </Paper>
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/signin">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </Center>
  );
}
