import { useAcceptInvitation } from '../api/passwords';
import { TokenPasswordPage } from './TokenPasswordPage';

export function AcceptInvitationPage() {
  const accept = useAcceptInvitation();
  return (
    <TokenPasswordPage
      title="Join your team"
      intro="Choose a password to accept the invitation; you are signed in straight away."
      submitLabel="Accept invitation"
      submit={(body) => accept.mutateAsync(body)}
      pending={accept.isPending}
      error={accept.error?.message ?? null}
    />
  );
}
