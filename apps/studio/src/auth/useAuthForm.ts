// The behaviour of the sign-in and sign-up forms: their values, the rules each checks before calling the API (the
// sign-up's password rule is the identity service's policy, so the form refuses exactly what the server would), the
// trimmed values they submit, and how far a new password meets the policy.

import type { FormEvent } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { checkPassword, passwordRequirements, type PasswordPolicy } from '@marquee/protocol';
import { MESSAGES, validateEmail, validateNewPassword } from './validation';

export interface Credentials {
  email: string;
  password: string;
}

export interface SignUpValues extends Credentials {
  orgName: string;
}

export interface PasswordRequirement {
  text: string;
  met: boolean;
}

export interface AuthForm {
  form: UseFormReturnType<SignUpValues>;
  /** The form element's submit handler: checks the rules, then submits the trimmed values. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Signing up: the policy's requirements, each met or not by the password typed so far (none while empty). */
  requirements: PasswordRequirement[];
}

/** Signing in checks only that a password was typed; signing up checks it against the policy. */
export type AuthRules = { mode: 'signin' } | { mode: 'signup'; policy: PasswordPolicy };

export function useAuthForm(rules: AuthRules, submit: (values: SignUpValues) => void): AuthForm {
  const policy = rules.mode === 'signup' ? rules.policy : null;
  const form = useForm<SignUpValues>({
    mode: 'controlled',
    initialValues: { email: '', password: '', orgName: '' },
    validate: {
      email: validateEmail,
      password: (value) =>
        policy !== null ? validateNewPassword(value, policy) : value === '' ? MESSAGES.passwordMissing : null,
      orgName: (value) => (policy !== null && value.trim() === '' ? MESSAGES.orgMissing : null),
    },
  });
  const { password } = form.values;
  const unmet = new Set(policy === null ? [] : checkPassword(password, policy).unmet);
  return {
    form,
    onSubmit: form.onSubmit((values) =>
      submit({ ...values, email: values.email.trim(), orgName: values.orgName.trim() }),
    ),
    requirements: (policy === null ? [] : passwordRequirements(policy)).map((text) => ({
      text,
      met: password !== '' && !unmet.has(text),
    })),
  };
}
