// Targets as a form holds them and as the API takes them (docs/schedules.md §Model): every screen, or groups and
// screens by id; at least one.

import type { TargetsInput } from '../api/types';

export interface TargetsValue {
  all: boolean;
  groupIds: string[];
  screenIds: string[];
}

export const NO_TARGETS: TargetsValue = { all: false, groupIds: [], screenIds: [] };

export const TARGETS_MESSAGE = 'Choose every screen, or at least one group or screen';

export function targetsProblem(value: TargetsValue): string | null {
  return value.all || value.groupIds.length > 0 || value.screenIds.length > 0 ? null : TARGETS_MESSAGE;
}

export function targetsInputOf(value: TargetsValue): TargetsInput {
  return value.all ? { all: true } : { groupIds: value.groupIds, screenIds: value.screenIds };
}

/** How targets read in a list: 'Every screen', '2 groups, 1 screen'. */
export function describeTargets(value: TargetsValue, groupNames: ReadonlyMap<string, string>): string {
  if (value.all) return 'Every screen';
  const groups = value.groupIds.map((id) => groupNames.get(id) ?? 'a removed group');
  const screens =
    value.screenIds.length === 0
      ? []
      : [`${value.screenIds.length} ${value.screenIds.length === 1 ? 'screen' : 'screens'}`];
  return [...groups, ...screens].join(', ');
}
