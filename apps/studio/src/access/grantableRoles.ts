// The roles a caller may hand out (to a member, an invitation or an API key): never one above its own, and owner
// only by an owner (the server refuses the rest: docs/teams.md §Roles).

import type { Role } from '@marquee/management-api';
import { ROLES, roleAtLeast } from './contractAccess';

export function grantableRoles(caller: Role | null): Role[] {
  if (caller === null) return [];
  return ROLES.filter((role) => roleAtLeast(caller, role));
}
