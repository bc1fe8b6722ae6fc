// What the Members page does to a member or an invitation: change a role, remove a member and revoke an
// invitation (each after asking), and the refusal to show when the server says no (the last owner, say).

import { useState } from 'react';
import type { InvitationView, MemberView } from '@marquee/management-api';
import type { Role } from '@marquee/management-api';
import { useRemoveMember, useRevokeInvitation, useUpdateMember } from '../api/members';
import { useConfirm } from '../common/useConfirm';

export function useMemberActions() {
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const confirm = useConfirm();
  const [inviting, setInviting] = useState(false);
  return {
    inviting,
    setInviting,
    error: update.error?.message ?? remove.error?.message ?? revoke.error?.message,
    changeRole: (member: MemberView, role: Role) => {
      if (role !== member.role) update.mutate({ id: member.id, role });
    },
    requestRemove: (member: MemberView) =>
      confirm(
        'Remove member',
        `Are you sure you want to remove ${member.email}? They are signed out at once and can no longer sign in.`,
        () => remove.mutate(member.id),
      ),
    requestRevoke: (invitation: InvitationView) =>
      confirm(
        'Revoke invitation',
        `Are you sure you want to revoke the invitation of ${invitation.email}? Its link stops working.`,
        () => revoke.mutate(invitation.id),
      ),
  };
}
