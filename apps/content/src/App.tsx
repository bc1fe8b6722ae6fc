import { ContentPlayer } from './player/ContentPlayer';
import { NoPlayer } from './NoPlayer';
import { PairingPage } from './pairing/PairingPage';
import type { ContentConfig } from './platform/runtimeConfig';
import { usePlayerApi, useReportUncaughtErrors } from './platform/usePlayerApi';
import { usePlayerLink } from './platform/usePlayerLink';
import { usePlayCollection } from './plays/usePlayCollection';
import { browserClock } from './player/useTimeline';
import { Slate } from './player/Slate';

/** '/content/pair' (with or without a trailing slash) is the pairing page; anything else plays content. */
function isPairingPath(pathname: string): boolean {
  return /\/pair\/?$/.test(pathname);
}

export function App({ config, pathname }: { config: ContentConfig; pathname: string }) {
  const { state, link, commands } = usePlayerLink();
  const bridge = link?.bridge ?? null;
  const api = usePlayerApi(config, bridge);

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
