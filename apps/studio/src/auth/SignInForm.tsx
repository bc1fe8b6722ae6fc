import { AuthFormLayout } from './AuthFormLayout';
import { useAuthForm, type Credentials } from './useAuthForm';

export interface SignInFormProps {
  onSubmit(values: Credentials): void;
  submitting: boolean;
  error: string | null;
}

export function SignInForm({ onSubmit, submitting, error }: SignInFormProps) {
  const auth = useAuthForm({ mode: 'signin' }, ({ email, password }) => onSubmit({ email, password }));
  return (
    <AuthFormLayout
      auth={auth}
      passwordAutoComplete="current-password"
      errorTitle="Could not sign you in"
      error={error}
      submitLabel="Sign in"
      submitting={submitting}
    />
  );
}
