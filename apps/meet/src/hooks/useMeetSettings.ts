// Settings of the meeting variant (docs/meeting-room.md §Subscriptions): the settings subscription, kept locally
// and, when there is a parent interface, in its storage under the key 'settings' (storageSet); at start the parent's
// copy (storageGet) stands in until the subscription answers.

import { useEffect, useState } from 'react';
import { callParent, type StoredSettings } from '@marquee/player-core';
import type { MeetSession } from '../session/startMeet';

const SETTINGS_STORAGE_KEY = 'settings';

const isSettings = (value: unknown): value is StoredSettings =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function useMeetSettings(
  session: Pick<MeetSession, 'storage' | 'parent' | 'logger'>,
  subscribed: unknown,
): StoredSettings {
  const [settings, setSettings] = useState<StoredSettings>(() => session.storage.getSettings());
  const [fromParent, setFromParent] = useState<StoredSettings | null>(null);
  useEffect(() => {
    let live = true;
    void callParent<unknown>(session.parent, 'storageGet', [SETTINGS_STORAGE_KEY], session.logger).then(
      (value) => {
        if (live && isSettings(value)) setFromParent(value);
      },
    );
    return () => {
      live = false;
    };
  }, [session]);
  // Compared by content: a listener may hand over equal values as new objects.
  const subscribedJson = isSettings(subscribed) ? JSON.stringify(subscribed) : null;
  const answered = subscribed !== undefined;
  useEffect(() => {
    if (!answered && fromParent !== null) setSettings(fromParent);
  }, [answered, fromParent]);
  useEffect(() => {
    if (subscribedJson === null) return;
    const value = JSON.parse(subscribedJson) as StoredSettings;
    session.storage.set(SETTINGS_STORAGE_KEY, value);
    setSettings(value);
    void callParent(session.parent, 'storageSet', [SETTINGS_STORAGE_KEY, value], session.logger);
  }, [session, subscribedJson]);
  return settings;
}
