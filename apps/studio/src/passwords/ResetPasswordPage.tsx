import { useCompletePasswordReset } from '../api/passwords';
import { TokenPasswordPage } from './TokenPasswordPage';

export function ResetPasswordPage() {
  const reset = useCompletePasswordReset();
  return (
    <TokenPasswordPage
      title="Choose a new password"
      intro="Your other sessions are signed out; you are signed in here."
      submitLabel="Set password"
      submit={(body) => reset.mutateAsync(body)}
      pending={reset.isPending}
      error={reset.error?.message ?? null}
    />
  );
}
