// Remote action flags (docs/player.md §Action flags, docs/protocols/player-api.md §Acknowledgements): the player
// takes one pending flag at a time, highest priority first, and acknowledges it through the API.

/** Known flags, highest priority first. */
export const ACTION_FLAG_PRIORITY = [
  'reset_credentials',
  'reset_auth',
  'force_hard_reset',
  'reset_pairing',
  'update_device_info',
  'screenshot',
  'reboot',
  'restart_player_app',
  'mute',
  'clear_cache',
] as const;

export type KnownActionFlag = (typeof ACTION_FLAG_PRIORITY)[number];

/** Logged (as a warning) for a flag the player does not know; the flag is still acknowledged. */
export const COMMAND_NOT_IMPLEMENTED_MESSAGE = 'Command not implemented';

/** A flag or action name: safe as a realtime key and as a URL path segment. */
export const ACTION_NAME_PATTERN = /^[a-z0-9_]{1,64}$/;

export function isActionName(name: unknown): name is string {
  return typeof name === 'string' && ACTION_NAME_PATTERN.test(name);
}

export function isKnownActionFlag(name: unknown): name is KnownActionFlag {
  return (ACTION_FLAG_PRIORITY as readonly unknown[]).includes(name);
}

/** A flag is pending unless its value is null, undefined or false. */
export function isPendingFlagValue(value: unknown): boolean {
  return value !== null && value !== undefined && value !== false;
}

export interface PendingActionFlag {
  name: string;
  /** The flag's value: true, or a parameter (the screenshot's). */
  param: unknown;
}

/**
 * The pending flag to run next: known flags in priority order, then unknown ones in code-unit (locale-free)
 * order of their names. Names that are not action names are skipped, since they could never be acknowledged and
 * would otherwise block the queue. Null when nothing is pending.
 */
export function nextActionFlag(
  flags: Readonly<Record<string, unknown>> | null | undefined,
): PendingActionFlag | null {
  if (flags === null || typeof flags !== 'object') return null;
  const pending = Object.keys(flags).filter((name) => isActionName(name) && isPendingFlagValue(flags[name]));
  const name =
    ACTION_FLAG_PRIORITY.find((known) => pending.includes(known)) ??
    pending.filter((candidate) => !isKnownActionFlag(candidate)).sort()[0];
  return name === undefined ? null : { name, param: flags[name] };
}
