// The manifest the screen shows: the latest value any source delivered that parses, kept while sources fall
// silent (offline) or go null (the player is about to leave for the pairing page anyway).

import { useEffect, useState } from 'react';
import type { Bridge } from '@marquee/bridge';
import { watchAppData } from '../platform/appDataSource';
import type { PlayerApi } from '../platform/playerApi';
import type { ContentConfig } from '../platform/runtimeConfig';
import { parseManifest, sameManifest, type Manifest } from './manifest';

export function useManifest(bridge: Bridge | null, api: PlayerApi, config: ContentConfig): Manifest | null {
  const [manifest, setManifest] = useState<Manifest | null>(null);
  useEffect(() => {
    if (bridge === null) return;
    const reported = new Set<string>();
    const report = (message: string) => {
      if (reported.has(message)) return;
      reported.add(message);
      console.warn('[marquee content]', message);
      api.log('warn', message).catch(() => {});
    };
    return watchAppData({
      bridge,
      api,
      config,
      onValue: (value) => {
        const next = parseManifest(value);
        if (next === null) return;
        next.skipped.forEach(report);
        setManifest((current) => (sameManifest(current, next) ? current : next));
      },
      onProblem: report,
    });
  }, [bridge, api, config]);
  return manifest;
}
