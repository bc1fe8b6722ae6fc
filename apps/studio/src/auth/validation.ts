// Form rules shared by the sign-up and sign-in forms. The password rule is the identity service's policy, so the
// form says exactly what the server would refuse.

import { checkPassword, describeUnmetRequirements, type PasswordPolicy } from '@marquee/protocol';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  emailMissing: 'Enter your email address',
  emailInvalid: 'Enter a valid email address, like name@example.com',
  passwordMissing: 'Enter your password',
  orgMissing: 'Name your organisation, e.g. your shop or company',
} as const;

export function validateEmail(value: string): string | null {
  if (value.trim() === '') return MESSAGES.emailMissing;
  return EMAIL.test(value.trim()) ? null : MESSAGES.emailInvalid;
}

export function validateNewPassword(value: string, policy: PasswordPolicy): string | null {
  const { ok, unmet } = checkPassword(value, policy);
  return ok ? null : describeUnmetRequirements(unmet);
}
