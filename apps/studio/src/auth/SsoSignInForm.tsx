// "Use single sign-on": the email that names the member's organisation and its provider. The behaviour is
// in useSsoSignIn.ts. Folded behind one button until asked for, so the page offers one email field at a time.

import { Alert, Button, Divider, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SsoSignIn } from './useSsoSignIn';

export function SsoSignInForm({ sso: { form, onSubmit, starting, error } }: { sso: SsoSignIn }) {
  const [open, { open: show }] = useDisclosure(false);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Single sign-on">
      <Stack gap="md">
        <Divider label="or" labelPosition="center" />
        {error !== null && (
          <Alert color="red" variant="light" title="Could not sign you in with single sign-on">
            {error}
          </Alert>
        )}
        {open ? (
          <>
            <TextInput
              label="Work email"
              placeholder="you@example.com"
              type="email"
              autoComplete="email"
              data-autofocus
              autoFocus
              {...form.getInputProps('email')}
            />
            <Button type="submit" variant="default" loading={starting} fullWidth>
              Continue with single sign-on
            </Button>
          </>
        ) : (
          <Button type="button" variant="default" onClick={show} fullWidth>
            Use single sign-on
          </Button>
        )}
      </Stack>
    </form>
  );
}
