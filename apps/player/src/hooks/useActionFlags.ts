// Remote action flags (docs/player.md §Action flags): players/{id}/action_flags drives player-core's runner, whose
// handlers are the player's commands. A flag for a capability this platform lacks has no handler: acknowledged and
// logged.

import { useMemo } from 'react';
import { useActionFlagRunner, type ActionFlagHandlers } from '@marquee/player-core';
import type { Commands } from '../session/commands';
import type { PlayerSession } from '../session/startPlayer';

function flagHandlers(
  commands: Commands,
  session: PlayerSession,
  toggleMute: () => boolean,
): ActionFlagHandlers {
  const { capabilities, parent } = session;
  const handlers: ActionFlagHandlers = {
    reset_credentials: () => commands.rotateCredentials(),
    reset_auth: () => commands.resetAuth(),
    force_hard_reset: () => commands.hardReset(),
    reset_pairing: () => commands.resetPairing(),
    update_device_info: () => commands.updateDeviceInfo(),
    screenshot: (param) => commands.screenshot(param),
    restart_player_app: () => commands.reload(),
    mute: () => commands.applyMute(toggleMute()),
    clear_cache: () => commands.clearCache(),
  };
  if (capabilities.reboot && parent) handlers.reboot = () => commands.reboot();
  return handlers;
}

export function useActionFlags(
  session: PlayerSession,
  flags: unknown,
  commands: Commands,
  toggleMute: () => boolean,
): void {
  const handlers = useMemo(
    () => flagHandlers(commands, session, toggleMute),
    [commands, session, toggleMute],
  );
  useActionFlagRunner(session, handlers, flags);
}
