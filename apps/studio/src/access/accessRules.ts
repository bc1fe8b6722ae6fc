// Whether a role may call a route, and why not in words, from the contract's one table (ROUTE_ACCESS): the studio
// asks the same table the server enforces, so a control is offered exactly when the server would accept it.

import type { Role } from '@marquee/management-api';
import { ROUTE_ACCESS, roleAtLeast } from './contractAccess';
import type { ManagementRouteName } from '@marquee/management-api';

/** Who holds a role or a stronger one, as a reason starts: "Editors and above can …". */
const HOLDERS: Record<Role, string> = {
  viewer: 'Members',
  editor: 'Editors and above',
  admin: 'Admins and owners',
  owner: 'Only owners',
};

export interface Verdict {
  allowed: boolean;
  /** Why not, for a tooltip; null when allowed. */
  reason: string | null;
}

/**
 * `role` null: not known yet (or /me failed). Controls are then offered: the server is the gate, and disabling
 * every control until /me answers would flash the whole studio disabled for everyone.
 */
export function verdictOf(role: Role | null, route: ManagementRouteName, what = 'do this'): Verdict {
  const needed = ROUTE_ACCESS[route];
  if (role === null || needed === 'public' || needed === 'member' || roleAtLeast(role, needed)) {
    return { allowed: true, reason: null };
  }
  return { allowed: false, reason: `${HOLDERS[needed]} can ${what}` };
}

/** Whether a page (named by the route that reads it) is one the role can read at all; unknown roles see no admin page. */
export function canRead(role: Role | null, route: ManagementRouteName): boolean {
  const needed = ROUTE_ACCESS[route];
  if (needed === 'public' || needed === 'member') return true;
  return role === null ? needed === 'viewer' : roleAtLeast(role, needed);
}
