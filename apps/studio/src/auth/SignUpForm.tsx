import { List, Text, TextInput, ThemeIcon } from '@mantine/core';
import type { PasswordPolicy } from '@marquee/protocol';
import { AuthFormLayout } from './AuthFormLayout';
import { useAuthForm, type PasswordRequirement, type SignUpValues } from './useAuthForm';

export interface SignUpFormProps {
  policy: PasswordPolicy;
  onSubmit(values: SignUpValues): void;
  submitting: boolean;
  error: string | null;
}

export function Requirements({ requirements }: { requirements: PasswordRequirement[] }) {
  return (
    <div>
      <Text size="sm" c="dimmed" mb={4}>
        Your password needs
      </Text>
      <List size="sm" spacing={2} aria-label="Password requirements">
        {requirements.map(({ text, met }) => (
          <List.Item
            key={text}
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
            {text}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

export function SignUpForm({ policy, onSubmit, submitting, error }: SignUpFormProps) {
  const auth = useAuthForm({ mode: 'signup', policy }, onSubmit);
  return (
    <AuthFormLayout
      auth={auth}
      passwordAutoComplete="new-password"
      errorTitle="Could not create your account"
      error={error}
      submitLabel="Create account"
      submitting={submitting}
      before={
        <TextInput
          label="Organisation"
          placeholder="Corner Coffee"
          autoComplete="organization"
          {...auth.form.getInputProps('orgName')}
        />
      }
      after={<Requirements requirements={auth.requirements} />}
    />
  );
}
