// The commands of docs/player.md §Action flags as the studio offers them, in the player's priority order, with what
// each does and whether it needs a confirmation (everything that disconnects, wipes or restarts).

import { ACTION_FLAG_PRIORITY, type KnownActionFlag } from '@marquee/protocol';

export interface CommandInfo {
  name: KnownActionFlag;
  label: string;
  description: string;
  /** Set for destructive commands: the confirmation question. */
  confirm?: string;
}

const INFO: Record<KnownActionFlag, Omit<CommandInfo, 'name'>> = {
  reset_credentials: {
    label: 'Rotate credentials',
    description: 'The player gets new credentials; the old ones stop working.',
    confirm: 'Are you sure you want to rotate the credentials of this screen?',
  },
  reset_auth: {
    label: 'Reset sign-in',
    description: 'The player forgets its sign-in and registers again.',
    confirm: 'Are you sure you want to reset the sign-in of this screen?',
  },
  force_hard_reset: {
    label: 'Hard reset',
    description: 'The player is deleted and starts over, unpaired.',
    confirm: 'Are you sure you want to hard reset this screen? It will need to be paired again.',
  },
  reset_pairing: {
    label: 'Reset pairing',
    description: 'The screen goes back to showing a pairing code.',
    confirm: 'Are you sure you want to reset the pairing?',
  },
  update_device_info: { label: 'Update device info', description: 'The player sends its device record now.' },
  screenshot: { label: 'Take screenshot', description: 'The player captures what it shows and uploads it.' },
  reboot: {
    label: 'Reboot',
    description: 'The device restarts (where the platform allows it).',
    confirm: 'Are you sure you want to reboot?',
  },
  restart_player_app: { label: 'Reload player', description: 'The player app reloads.' },
  mute: { label: 'Toggle mute', description: 'Sound on or off on the screen.' },
  clear_cache: {
    label: 'Clear cache',
    description: 'Cached content is removed and fetched again.',
    confirm: 'Are you sure you want to clear the cache?',
  },
};

export const COMMANDS: readonly CommandInfo[] = ACTION_FLAG_PRIORITY.map((name) => ({ name, ...INFO[name] }));

export function commandLabel(name: string): string {
  return (INFO as Partial<Record<string, { label: string }>>)[name]?.label ?? name;
}
