import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_MIN_LENGTH } from './constants';
import {
  DEFAULT_PASSWORD_POLICY,
  PasswordPolicySchema,
  checkPassword,
  describeUnmetRequirements,
  passwordRequirements,
} from './passwordPolicy';

describe('checkPassword', () => {
  it('requires at least 6 characters by default: 5 fail, 6 pass', () => {
    expect(DEFAULT_PASSWORD_MIN_LENGTH).toBe(6);
    expect(checkPassword('abcde')).toEqual({ ok: false, unmet: ['at least 6 characters'] });
    expect(checkPassword('abcdef')).toEqual({ ok: true, unmet: [] });
    expect(checkPassword('')).toEqual({ ok: false, unmet: ['at least 6 characters'] });
    expect(checkPassword('abcde', DEFAULT_PASSWORD_POLICY).ok).toBe(false);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword('🔑🔑🔑').ok).toBe(false); // 6 UTF-16 units, 3 characters
    expect(checkPassword('🔑🔑🔑🔑🔑🔑').ok).toBe(true);
  });

  it('applies a custom minimum and an optional maximum', () => {
    const policy = { minLength: 8, maxLength: 10 };
    expect(checkPassword('1234567', policy).unmet).toEqual(['at least 8 characters']);
    expect(checkPassword('12345678', policy).ok).toBe(true);
    expect(checkPassword('1234567890', policy).ok).toBe(true);
    expect(checkPassword('12345678901', policy).unmet).toEqual(['at most 10 characters']);
    expect(checkPassword('a', { minLength: 1 }).ok).toBe(true);
    expect(passwordRequirements({ minLength: 1 })).toEqual(['at least 1 character']);
  });

  it('requires a lowercase letter', () => {
    const policy = { minLength: 6, requireLowercase: true };
    expect(checkPassword('ABCDEF', policy).unmet).toEqual(['a lowercase letter']);
    expect(checkPassword('ABCDEf', policy).ok).toBe(true);
    expect(checkPassword('ABCDEé', policy).ok).toBe(true);
  });

  it('requires an uppercase letter', () => {
    const policy = { minLength: 6, requireUppercase: true };
    expect(checkPassword('abcdef', policy).unmet).toEqual(['an uppercase letter']);
    expect(checkPassword('abcdeF', policy).ok).toBe(true);
  });

  it('requires a number', () => {
    const policy = { minLength: 6, requireNumeric: true };
    expect(checkPassword('abcdef', policy).unmet).toEqual(['a number']);
    expect(checkPassword('abcde1', policy).ok).toBe(true);
  });

  it('requires a non-alphanumeric character', () => {
    const policy = { minLength: 6, requireNonAlphanumeric: true };
    expect(checkPassword('abc123', policy).unmet).toEqual(['a character that is not a letter or number']);
    expect(checkPassword('abc12!', policy).ok).toBe(true);
    expect(checkPassword('abc12 ', policy).ok).toBe(true);
  });

  it('lists every unmet requirement in order', () => {
    const policy = {
      minLength: 6,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
    };
    expect(checkPassword('', policy).unmet).toEqual([
      'at least 6 characters',
      'a lowercase letter',
      'an uppercase letter',
      'a number',
      'a character that is not a letter or number',
    ]);
    expect(checkPassword('aB3$xy', policy)).toEqual({ ok: true, unmet: [] });
    expect(passwordRequirements(policy)).toHaveLength(5);
  });
});

describe('describeUnmetRequirements', () => {
  it('joins the requirements into one sentence', () => {
    expect(describeUnmetRequirements([])).toBe('');
    expect(describeUnmetRequirements(['at least 6 characters'])).toBe(
      'The password needs at least 6 characters.',
    );
    expect(describeUnmetRequirements(['at least 6 characters', 'an uppercase letter', 'a number'])).toBe(
      'The password needs at least 6 characters, an uppercase letter and a number.',
    );
  });
});

describe('PasswordPolicySchema', () => {
  it('defaults the minimum length to 6', () => {
    expect(PasswordPolicySchema.parse({})).toEqual({ minLength: 6 });
    expect(PasswordPolicySchema.parse({ minLength: 8, requireNumeric: true })).toEqual({
      minLength: 8,
      requireNumeric: true,
    });
  });

  it('rejects non-positive or fractional lengths and a maximum below the minimum', () => {
    for (const bad of [
      { minLength: 0 },
      { minLength: 6.5 },
      { maxLength: 0 },
      { minLength: 8, maxLength: 7 },
    ]) {
      expect(PasswordPolicySchema.safeParse(bad).success).toBe(false);
    }
    expect(PasswordPolicySchema.safeParse({ minLength: 8, maxLength: 8 }).success).toBe(true);
    expect(PasswordPolicySchema.safeParse({ requireLowercase: 'yes' }).success).toBe(false);
  });
});
