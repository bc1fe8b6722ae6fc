// Open routes (accepting an invitation, completing a password reset) have no signed-in operator; their audit
// entries name the member concerned as the actor, with the address the request came from.

import type { Role } from '@marquee/management-api';
import type { Operator } from '../operators/operatorService';

export function memberActor(
  member: { id: string; email: string; orgId: string; role: Role },
  ip: string | null,
): Operator {
  return {
    uid: member.id,
    email: member.email,
    orgId: member.orgId,
    role: member.role,
    actor: { kind: 'member', id: member.id, name: member.email },
    ip,
  };
}
