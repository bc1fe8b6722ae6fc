// The player's settings, local and synced (docs/player.md §Orientation and name): the server's settings
// (players/{id}/settings) are merged into local storage as they arrive; a change made in the sidebar is saved
// locally and sent with PATCH /_internal/players/{id}/settings. The screen name is saved locally after 2 s and
// sent with a 2 s debounce, and only when it is valid (at most 120 characters).

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_ORIENTATION,
  DEFAULT_PLAYER_NAME,
  SCREEN_NAME_LOCAL_SAVE_DELAY_MS,
  SCREEN_NAME_SYNC_DEBOUNCE_MS,
  parseOrientation,
  validateScreenName,
  type Orientation,
} from '@marquee/protocol';
import type { HttpClient, PlayerStorage, StoredSettings } from '@marquee/player-core';

function settingsPath(playerId: string): string {
  return `/_internal/players/${encodeURIComponent(playerId)}/settings`;
}

export interface SettingsDeps {
  storage: Pick<PlayerStorage, 'getSettings' | 'updateSettings'>;
  http: HttpClient;
  playerId: string;
}

/** The server's settings, as far as they are valid, in the local form. */
function fromServer(value: unknown): StoredSettings {
  if (value === null || typeof value !== 'object') return {};
  const raw = value as Record<string, unknown>;
  const result: StoredSettings = {};
  if (typeof raw.name === 'string') result.name = raw.name;
  const orientation = parseOrientation(raw.orientation);
  if (orientation !== null) result.orientation = orientation;
  if (raw.daily_restart === 'on' || raw.daily_restart === 'off') result.daily_restart = raw.daily_restart;
  if (typeof raw.daily_restart_time === 'string') result.daily_restart_time = raw.daily_restart_time;
  if (typeof raw.mute === 'boolean') result.mute = raw.mute;
  if (typeof raw.update_channel === 'string') result.update_channel = raw.update_channel;
  return result;
}

export function useSettings({ storage, http, playerId }: SettingsDeps, serverValue: unknown) {
  const [settings, setSettings] = useState<StoredSettings>(() => storage.getSettings());
  const [nameDraft, setNameDraft] = useState<string>(() => storage.getSettings().name ?? DEFAULT_PLAYER_NAME);
  const [nameError, setNameError] = useState<string | null>(null);
  const editingName = useRef(false);

  useEffect(() => {
    if (serverValue === undefined || serverValue === null) return;
    const next = storage.updateSettings(fromServer(serverValue));
    setSettings(next);
    if (!editingName.current && next.name !== undefined) setNameDraft(next.name);
  }, [serverValue, storage]);

  const patch = useCallback(
    (change: StoredSettings) => {
      setSettings(storage.updateSettings(change));
      void http.request('PATCH', settingsPath(playerId), { body: change }).catch(() => {});
    },
    [storage, http, playerId],
  );

  // The name: local save after 2 s, server sync debounced 2 s, both restarted by every keystroke.
  useEffect(() => {
    if (!editingName.current) return;
    const check = validateScreenName(nameDraft);
    setNameError(check.ok ? null : check.error);
    if (!check.ok) return;
    const saveLocally = setTimeout(
      () => setSettings(storage.updateSettings({ name: nameDraft })),
      SCREEN_NAME_LOCAL_SAVE_DELAY_MS,
    );
    const sync = setTimeout(() => {
      editingName.current = false;
      void http.request('PATCH', settingsPath(playerId), { body: { name: nameDraft } }).catch(() => {});
    }, SCREEN_NAME_SYNC_DEBOUNCE_MS);
    return () => {
      clearTimeout(saveLocally);
      clearTimeout(sync);
    };
  }, [nameDraft, storage, http, playerId]);

  const setName = useCallback((name: string) => {
    editingName.current = true;
    setNameDraft(name);
  }, []);

  return {
    settings,
    orientation: (settings.orientation ?? DEFAULT_ORIENTATION) as Orientation,
    nameDraft,
    nameError,
    setName,
    setOrientation: useCallback((orientation: Orientation) => patch({ orientation }), [patch]),
    setMute: useCallback((mute: boolean) => patch({ mute }), [patch]),
    setDailyRestart: useCallback((on: boolean) => patch({ daily_restart: on ? 'on' : 'off' }), [patch]),
    setDailyRestartTime: useCallback((slot: string) => patch({ daily_restart_time: slot }), [patch]),
  };
}
