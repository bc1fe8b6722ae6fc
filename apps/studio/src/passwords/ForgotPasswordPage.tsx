import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '../api/passwords';
import { validateEmail } from '../auth/validation';
import { Logo } from '../layout/Logo';

/** Asks for a reset link by email. The answer is the same whether or not the address is a member's. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: validateEmail },
  });
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Stack w={420} gap="lg">
        <Center>
          <Logo size="lg" />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Title order={2} size="h3" mb="lg">
            Forgot your password?
          </Title>
          {request.isSuccess ? (
            <Alert color="teal" variant="light" title="Check your email" role="status">
              If {form.values.email.trim()} belongs to a member, a link to choose a new password is on its
              way. No email? Your organisation&apos;s admin can make you a reset link.
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
