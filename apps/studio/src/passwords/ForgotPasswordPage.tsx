import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '../api/passwords';
import { validateEmail } from '../auth/validation';
import { PublicCard } from '../auth/PublicCard';

/** Asks for a reset link by email. The answer is the same whether or not the address is a member's. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: validateEmail },
  });
  return (
    <PublicCard
      title="Forgot your password?"
      footer={
        <Anchor component={Link} to="/signin">
          Back to sign in
        </Anchor>
      }
    >
      {request.isSuccess ? (
        <Alert color="teal" variant="light" title="Check your email" role="status">
          If {form.values.email.trim()} belongs to a member, a link to choose a new password is on its way. No
          email? Your organisation&apos;s admin can make you a reset link.
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit(({ email }) => request.mutate({ email: email.trim() }))} noValidate>
          <Stack gap="md">
            {request.error !== null && (
              <Alert color="red" variant="light">
                {request.error.message}
              </Alert>
            )}
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
            <Button type="submit" loading={request.isPending} fullWidth>
              Email me a link
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
