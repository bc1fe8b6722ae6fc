// The signed-in caller's access, for the controls and the navigation: may it call a route, and why not.

import { useCallback } from 'react';
import type { ManagementRouteName } from '@marquee/management-api';
import type { Role } from '@marquee/management-api';
import { canRead, verdictOf, type Verdict } from './accessRules';
import { useMe } from './useMe';

export interface Access {
  role: Role | null;
  verdict(route: ManagementRouteName, what?: string): Verdict;
  canRead(route: ManagementRouteName): boolean;
}

export function useAccess(): Access {
  const role = useMe().data?.role ?? null;
  return {
    role,
    verdict: useCallback((route, what) => verdictOf(role, route, what), [role]),
    canRead: useCallback((route) => canRead(role, route), [role]),
  };
}
