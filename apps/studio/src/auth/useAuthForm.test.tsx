import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { PasswordPolicy } from '@marquee/protocol';
import { useAuthForm, type AuthRules } from './useAuthForm';

const policy: PasswordPolicy = { minLength: 8, requireNumeric: true };

function setup(rules: AuthRules) {
  const submit = vi.fn();
  const { result } = renderHook(() => useAuthForm(rules, submit));
  const type = (values: Partial<Record<'email' | 'password' | 'orgName', string>>) =>
    act(() => result.current.form.setValues(values));
  const submitForm = () => act(() => result.current.onSubmit());
  return { result, submit, type, submitForm };
}

describe('useAuthForm', () => {
  it('signs in with the trimmed email once an email and a password are typed, whatever the policy', () => {
    const { result, submit, type, submitForm } = setup({ mode: 'signin' });
    submitForm();
    expect(result.current.form.errors).toEqual({
      email: 'Enter your email address',
      password: 'Enter your password',
    });
    type({ email: ' owner@corner.example ', password: 'short' });
    submitForm();
    expect(submit).toHaveBeenCalledWith({ email: 'owner@corner.example', password: 'short', orgName: '' });
    expect(result.current.requirements).toEqual([]);
  });

  it('signs up only with an organisation and a password meeting the policy, trimmed', () => {
    const { result, submit, type, submitForm } = setup({ mode: 'signup', policy });
    type({ email: 'owner@corner.example', password: 'espresso' });
    submitForm();
    expect(result.current.form.errors).toEqual({
      orgName: 'Name your organisation, e.g. your shop or company',
      password: 'The password needs a number.',
    });
    expect(submit).not.toHaveBeenCalled();
    type({ orgName: '  Corner Coffee ', password: 'espresso42' });
    submitForm();
    expect(submit).toHaveBeenCalledWith({
      email: 'owner@corner.example',
      password: 'espresso42',
      orgName: 'Corner Coffee',
    });
  });

  it("says which of the policy's requirements the password typed so far meets", () => {
    const { result, type } = setup({ mode: 'signup', policy });
    expect(result.current.requirements).toEqual([
      { text: 'at least 8 characters', met: false },
      { text: 'a number', met: false },
    ]);
    type({ password: 'ab1' });
    expect(result.current.requirements).toEqual([
      { text: 'at least 8 characters', met: false },
      { text: 'a number', met: true },
    ]);
  });
});
