import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, validateEmail } from './validation';

export interface SignInValues {
  email: string;
  password: string;
}

export interface SignInFormProps {
  onSubmit(values: SignInValues): void;
  submitting: boolean;
  error: string | null;
}

export function SignInForm({ onSubmit, submitting, error }: SignInFormProps) {
  const form = useForm<SignInValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: validateEmail,
      password: (value) => (value === '' ? MESSAGES.passwordMissing : null),
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => onSubmit({ ...values, email: values.email.trim() }))}
      noValidate
    >
      <Stack gap="md">
        {error !== null && (
          <Alert color="red" variant="light" title="Could not sign you in">
            {error}
          </Alert>
        )}
        <TextInput
          label="Email"
          placeholder="you@example.com"
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Button type="submit" loading={submitting} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
