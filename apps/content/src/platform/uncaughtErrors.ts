// The content pages' server calls made with the credentials the player hands over the bridge (playerApi.ts), and
// the errors nothing caught reported through them. Plain code, for both entries (usePlayerApi.ts wraps it for React).

import type { Bridge } from '@marquee/bridge';
import type { AuthObject } from '@marquee/protocol';
import { createPlayerApi, type PlayerApi } from './playerApi';
import type { ContentConfig } from './runtimeConfig';

export function bridgedPlayerApi(config: ContentConfig, bridge: Bridge | null): PlayerApi {
  return createPlayerApi(config, async () => {
    if (bridge === null) return null;
    const auth = await bridge.call<AuthObject | null>('getAuthData');
    return auth !== null && typeof auth === 'object' && typeof auth.apiToken === 'string' ? auth : null;
  });
}

/** Errors nothing caught go to the error-reporting service (POST /errors) as well as the console. */
export function reportUncaughtErrors(win: Window, api: PlayerApi): () => void {
  const report = (message: string, stack?: string) => {
    api.reportError(message, stack === undefined ? undefined : { stack }).catch(() => {});
  };
  const onError = (event: ErrorEvent) =>
    report(event.message, event.error instanceof Error ? event.error.stack : undefined);
  const onRejection = (event: PromiseRejectionEvent) =>
    report(
      `Unhandled rejection: ${event.reason instanceof Error ? event.reason.message : String(event.reason)}`,
    );
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
