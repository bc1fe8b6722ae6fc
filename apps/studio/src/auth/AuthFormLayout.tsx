// What the sign-in and sign-up forms share: the API's refusal, the email and password fields, the submit button.
// The form's own fields go before (`before`) and after (`after`) the credentials.

import type { ReactNode } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { AuthForm } from './useAuthForm';

export interface AuthFormLayoutProps {
  auth: AuthForm;
  /** 'current-password' to sign in, 'new-password' to sign up (what password managers fill or suggest). */
  passwordAutoComplete: 'current-password' | 'new-password';
  errorTitle: string;
  error: string | null;
  submitLabel: string;
  submitting: boolean;
  before?: ReactNode;
  after?: ReactNode;
}

export function AuthFormLayout({
  auth: { form, onSubmit },
  passwordAutoComplete,
  errorTitle,
  error,
  submitLabel,
  submitting,
  before,
  after,
}: AuthFormLayoutProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {error !== null && (
          <Alert color="red" variant="light" title={errorTitle}>
            {error}
          </Alert>
        )}
        {before}
        <TextInput
          label="Email"
          placeholder="you@example.com"
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete={passwordAutoComplete}
          {...form.getInputProps('password')}
        />
        {after}
        <Button type="submit" loading={submitting} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
