// The identity password policy (docs/protocols/identity.md §Password policy): read from the identity service, shown
// as requirements in the studio's sign-up form and enforced by the server, which refuses a weak password
// (WEAK_PASSWORD) with the same list. Lengths count characters (code points); the character classes are Unicode's,
// so 'é' is a lowercase letter and '٣' a digit.

import * as z from 'zod/mini';
import { DEFAULT_PASSWORD_MIN_LENGTH } from './constants';
import { codePointLength } from './utf8';

export const PasswordPolicySchema = z
  .object({
    minLength: z._default(z.int().check(z.positive()), DEFAULT_PASSWORD_MIN_LENGTH),
    maxLength: z.optional(z.int().check(z.positive())),
    requireLowercase: z.optional(z.boolean()),
    requireUppercase: z.optional(z.boolean()),
    requireNumeric: z.optional(z.boolean()),
    requireNonAlphanumeric: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (policy) => policy.maxLength === undefined || policy.maxLength >= policy.minLength,
      'maxLength must not be below minLength',
    ),
  );
export type PasswordPolicy = z.infer<typeof PasswordPolicySchema>;

export const DEFAULT_PASSWORD_POLICY: Readonly<PasswordPolicy> = Object.freeze({
  minLength: DEFAULT_PASSWORD_MIN_LENGTH,
});

export interface PasswordCheck {
  ok: boolean;
  /** The requirements the password misses, in the order requirements() lists them. */
  unmet: string[];
}

const LOWERCASE = /\p{Ll}/u;
const UPPERCASE = /\p{Lu}/u;
const NUMERIC = /\p{Nd}/u;
const NON_ALPHANUMERIC = /[^\p{L}\p{N}]/u;

const characters = (count: number): string => `${count} character${count === 1 ? '' : 's'}`;

interface Requirement {
  label: string;
  met: (password: string, length: number) => boolean;
}

function requirementsOf(policy: Partial<PasswordPolicy>): Requirement[] {
  const minLength = policy.minLength ?? DEFAULT_PASSWORD_MIN_LENGTH;
  const list: Requirement[] = [
    { label: `at least ${characters(minLength)}`, met: (_, length) => length >= minLength },
  ];
  const { maxLength } = policy;
  if (maxLength !== undefined) {
    list.push({ label: `at most ${characters(maxLength)}`, met: (_, length) => length <= maxLength });
  }
  if (policy.requireLowercase) list.push({ label: 'a lowercase letter', met: (p) => LOWERCASE.test(p) });
  if (policy.requireUppercase) list.push({ label: 'an uppercase letter', met: (p) => UPPERCASE.test(p) });
  if (policy.requireNumeric) list.push({ label: 'a number', met: (p) => NUMERIC.test(p) });
  if (policy.requireNonAlphanumeric) {
    list.push({ label: 'a character that is not a letter or number', met: (p) => NON_ALPHANUMERIC.test(p) });
  }
  return list;
}

/** Every requirement of `policy`, as the sign-up form lists them, e.g. ['at least 6 characters', 'a number']. */
export function passwordRequirements(policy: Partial<PasswordPolicy> = DEFAULT_PASSWORD_POLICY): string[] {
  return requirementsOf(policy).map((requirement) => requirement.label);
}

/** Which requirements of `policy` the password misses; ok when none. */
export function checkPassword(
  password: string,
  policy: Partial<PasswordPolicy> = DEFAULT_PASSWORD_POLICY,
): PasswordCheck {
  const length = codePointLength(password);
  const unmet = requirementsOf(policy)
    .filter((requirement) => !requirement.met(password, length))
    .map((requirement) => requirement.label);
  return { ok: unmet.length === 0, unmet };
}

/** One sentence for an error: 'The password needs at least 6 characters, an uppercase letter and a number.' */
export function describeUnmetRequirements(unmet: readonly string[]): string {
  if (unmet.length === 0) return '';
  const list =
    unmet.length === 1
      ? unmet[0]
      : `${unmet.slice(0, -1).join(', ')} and ${unmet[unmet.length - 1] as string}`;
  return `The password needs ${list}.`;
}
