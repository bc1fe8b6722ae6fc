// A form of one new password checked against the identity service's policy (accepting an invitation, completing a
// reset), with how far the password typed meets each requirement.

import { useForm } from '@mantine/form';
import { checkPassword, passwordRequirements, type PasswordPolicy } from '@marquee/protocol';
import { validateNewPassword } from '../auth/validation';

export function useNewPasswordForm(policy: PasswordPolicy, submit: (password: string) => void) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: { password: (value) => validateNewPassword(value, policy) },
  });
  const { password } = form.values;
  const unmet = new Set(checkPassword(password, policy).unmet);
  return {
    form,
    onSubmit: form.onSubmit(({ password: value }) => submit(value)),
    requirements: passwordRequirements(policy).map((text) => ({
      text,
      met: password !== '' && !unmet.has(text),
    })),
  };
}
