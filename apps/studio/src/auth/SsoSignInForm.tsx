// "Sign in with single sign-on": the email that names the member's organisation and its provider. The behaviour is
// in useSsoSignIn.ts.

import { Alert, Button, Divider, Stack, TextInput } from '@mantine/core';
import type { SsoSignIn } from './useSsoSignIn';

export function SsoSignInForm({ sso: { form, onSubmit, starting, error } }: { sso: SsoSignIn }) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Single sign-on">
      <Stack gap="md">
        <Divider label="or" labelPosition="center" />
        {error !== null && (
          <Alert color="red" variant="light" title="Could not sign you in with single sign-on">
            {error}
          </Alert>
        )}
        <TextInput
          label="Work email"
          placeholder="you@example.com"
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" variant="default" loading={starting} fullWidth>
          Sign in with single sign-on
        </Button>
      </Stack>
    </form>
  );
}
