// The content page's server calls and uncaught-error reports (uncaughtErrors.ts), for React.

import { useEffect, useMemo } from 'react';
import type { Bridge } from '@marquee/bridge';
import type { PlayerApi } from './playerApi';
import type { ContentConfig } from './runtimeConfig';
import { bridgedPlayerApi, reportUncaughtErrors } from './uncaughtErrors';

export function usePlayerApi(config: ContentConfig, bridge: Bridge | null): PlayerApi {
  return useMemo(() => bridgedPlayerApi(config, bridge), [config, bridge]);
}

export function useReportUncaughtErrors(api: PlayerApi) {
  useEffect(() => reportUncaughtErrors(window, api), [api]);
}
