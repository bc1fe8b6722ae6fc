// What an app's getContext() reports of the screen: the screen's zone from the timeline (the device's own without
// one), and the screen from app/data.

import { useMemo } from 'react';
import type { Manifest } from '../../player/manifest';
import type { AppScreenFacts } from './useHtmlApp';

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function useAppScreenFacts(manifest: Manifest | null): AppScreenFacts {
  const timezone = manifest?.timeline?.timezone ?? deviceZone();
  const screen = manifest?.screen ?? null;
  return useMemo(() => ({ timezone, screen }), [timezone, screen]);
}
