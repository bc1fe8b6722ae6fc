import { Alert, Button, List, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { checkPassword, passwordRequirements, type PasswordPolicy } from '@marquee/protocol';
import { MESSAGES, validateEmail, validateNewPassword } from './validation';

export interface SignUpValues {
  email: string;
  password: string;
  orgName: string;
}

export interface SignUpFormProps {
  policy: PasswordPolicy;
  onSubmit(values: SignUpValues): void;
  submitting: boolean;
  error: string | null;
}

export function SignUpForm({ policy, onSubmit, submitting, error }: SignUpFormProps) {
  const form = useForm<SignUpValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '', orgName: '' },
    validate: {
      email: validateEmail,
      password: (value) => validateNewPassword(value, policy),
      orgName: (value) => (value.trim() === '' ? MESSAGES.orgMissing : null),
    },
  });
  const unmet = new Set(checkPassword(form.values.password, policy).unmet);
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        onSubmit({ ...values, email: values.email.trim(), orgName: values.orgName.trim() }),
      )}
      noValidate
    >
      <Stack gap="md">
        {error !== null && (
          <Alert color="red" variant="light" title="Could not create your account">
            {error}
          </Alert>
        )}
        <TextInput
          label="Organisation"
          placeholder="Corner Coffee"
          autoComplete="organization"
          {...form.getInputProps('orgName')}
        />
        <TextInput
          label="Email"
          placeholder="you@example.com"
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <div>
          <Text size="sm" c="dimmed" mb={4}>
            Your password needs
          </Text>
          <List size="sm" spacing={2} aria-label="Password requirements">
            {passwordRequirements(policy).map((requirement) => {
              const met = form.values.password !== '' && !unmet.has(requirement);
              return (
                <List.Item
                  key={requirement}
                  icon={
                    <ThemeIcon
                      size={16}
                      radius="xl"
                      color={met ? 'teal' : 'gray'}
                      variant={met ? 'filled' : 'light'}
                    >
                      <span aria-hidden style={{ fontSize: 10 }}>
                        {met ? '✓' : '•'}
                      </span>
                    </ThemeIcon>
                  }
                >
                  {requirement}
                </List.Item>
              );
            })}
          </List>
        </div>
        <Button type="submit" loading={submitting} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
