import { useEffect, useMemo } from 'react';
import type { AuthObject } from '@marquee/protocol';
import { ContentPlayer } from './player/ContentPlayer';
import { NoPlayer } from './NoPlayer';
import { PairingPage } from './pairing/PairingPage';
import { createPlayerApi, type PlayerApi } from './platform/playerApi';
import type { ContentConfig } from './platform/runtimeConfig';
import { usePlayerLink } from './platform/usePlayerLink';
import { usePlayCollection } from './plays/usePlayCollection';
import { browserClock } from './player/useTimeline';
import { Slate } from './player/Slate';

/** Errors nothing caught go to the error-reporting service (POST /errors) as well as the console. */
function useReportUncaughtErrors(api: PlayerApi) {
  useEffect(() => {
    const report = (message: string, stack?: string) => {
      api.reportError(message, stack === undefined ? undefined : { stack }).catch(() => {});
    };
    const onError = (event: ErrorEvent) =>
      report(event.message, event.error instanceof Error ? event.error.stack : undefined);
    const onRejection = (event: PromiseRejectionEvent) =>
      report(
        `Unhandled rejection: ${event.reason instanceof Error ? event.reason.message : String(event.reason)}`,
      );
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [api]);
}

/** '/content/pair' (with or without a trailing slash) is the pairing page; anything else plays content. */
function isPairingPath(pathname: string): boolean {
  return /\/pair\/?$/.test(pathname);
}

export function App({ config, pathname }: { config: ContentConfig; pathname: string }) {
  const { state, link, commands } = usePlayerLink();
  const bridge = link?.bridge ?? null;
  const api = useMemo(
    () =>
      createPlayerApi(config, async () => {
        if (bridge === null) return null;
        const auth = await bridge.call<AuthObject | null>('getAuthData');
        return auth !== null && typeof auth === 'object' && typeof auth.apiToken === 'string' ? auth : null;
      }),
    [config, bridge],
  );

  useReportUncaughtErrors(api);
  const plays = usePlayCollection({
    api,
    clock: browserClock,
    ...(config.playUploadIntervalMs === undefined ? {} : { intervalMs: config.playUploadIntervalMs }),
  });

  if (state === 'absent') return <NoPlayer playerUrl={`${config.apiUrl}/`} />;
  if (isPairingPath(pathname)) return <PairingPage bridge={bridge} studioUrl={config.studioUrl} />;
  if (state === 'connecting') return <Slate title="Connecting to the player…" />;
  return <ContentPlayer bridge={bridge} api={api} config={config} commands={commands} plays={plays} />;
}
