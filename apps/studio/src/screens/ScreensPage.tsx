import { useServices } from '../api/context';
import { useScreens } from '../api/queries';
import { useNow } from '../common/useNow';
import { useLiveConnections } from '../live/useLiveConnections';
import { ScreensView } from './ScreensView';

export function ScreensPage() {
  const { config } = useServices();
  const screens = useScreens();
  const live = useLiveConnections(
    (screens.data ?? []).flatMap((s) => (s.playerId === null ? [] : [s.playerId])),
  );
  const now = useNow();
  return (
    <ScreensView
      screens={screens.data}
      error={screens.error}
      loading={screens.isPending}
      onRetry={() => void screens.refetch()}
      live={live}
      now={now}
      playerUrl={config.playerUrl}
    />
  );
}
