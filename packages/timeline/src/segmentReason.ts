// Why a segment shows what it shows, in plain English for an operator (docs/schedules.md §Time rules).

const quoted = (name: string) => `'${name}'`;

/** 'a', 'a and b', 'a, b and c'. */
function listed(names: readonly string[]): string {
  const quotedNames = names.map(quoted);
  if (quotedNames.length <= 1) return quotedNames.join('');
  return `${quotedNames.slice(0, -1).join(', ')} and ${quotedNames[quotedNames.length - 1] ?? ''}`;
}

/** An override shows: it beats every schedule, and the latest of several beats the others. */
export function overrideReason(name: string, activeOverrides: number): string {
  return activeOverrides > 1
    ? `Emergency override ${quoted(name)} is the latest of ${activeOverrides} active overrides`
    : `Emergency override ${quoted(name)} beats every schedule`;
}

/** The strongest of the schedules that are active but lose. */
export interface BeatenSchedule {
  name: string;
  priority: number;
}

/** The schedules sharing the top priority show (`names` in play order); `beaten` is the strongest loser. */
export function scheduleReason(
  names: readonly string[],
  priority: number,
  beaten: BeatenSchedule | null,
): string {
  const beats = beaten === null ? null : `beats ${quoted(beaten.name)} (${beaten.priority})`;
  if (names.length > 1) {
    const shared = `${listed(names)} share priority ${priority} and play one after another`;
    return beats === null ? shared : `${shared}; priority ${priority} ${beats}`;
  }
  return beats === null ? `${listed(names)} is the only schedule active` : `Priority ${priority} ${beats}`;
}

export const DEFAULT_CONTENT_REASON = 'No schedule is active: the default content plays';
export const IDLE_REASON = 'Nothing is scheduled and there is no default content';
