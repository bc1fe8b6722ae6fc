import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useServices } from '../api/context';
import { useGroups } from '../api/groups';
import { useScreenPage, useTagScreens } from '../api/screenList';
import { useNow } from '../common/useNow';
import { useLiveConnections } from '../live/useLiveConnections';
import { BulkTagDialog } from './BulkTagDialog';
import { knownTagsOf } from './knownTags';
import { ScreensView } from './ScreensView';
import { useScreenListState } from './useScreenListState';

export function ScreensPage() {
  const { config } = useServices();
  const list = useScreenListState();
  const page = useScreenPage(list.filters, list.cursor);
  const groups = useGroups();
  const tag = useTagScreens();
  const [tagging, setTagging] = useState(false);
  const screens = page.data?.screens;
  const live = useLiveConnections((screens ?? []).flatMap((s) => (s.playerId === null ? [] : [s.playerId])));
  const now = useNow();
  const closeTagging = () => {
    setTagging(false);
    tag.reset();
  };
  return (
    <>
      <ScreensView
        screens={screens}
        nextCursor={page.data?.nextCursor ?? null}
        error={page.error}
        loading={page.isPending}
        onRetry={() => void page.refetch()}
        live={live}
        now={now}
        playerUrl={config.playerUrl}
        list={list}
        groups={groups.data ?? []}
        knownTags={knownTagsOf(screens ?? [], groups.data ?? [])}
        onBulkTag={() => setTagging(true)}
      />
      {tagging && (
        <BulkTagDialog
          opened
          count={list.selected.size}
          saving={tag.isPending}
          error={tag.error?.message ?? null}
          onClose={closeTagging}
          onSubmit={(change) =>
            tag.mutate(
              { screenIds: [...list.selected], ...change },
              {
                onSuccess: ({ updated }) => {
                  notifications.show({
                    color: 'teal',
                    title: 'Tags applied',
                    message: `${updated} ${updated === 1 ? 'screen' : 'screens'} updated.`,
                  });
                  list.clearSelection();
                  closeTagging();
                },
              },
            )
          }
        />
      )}
    </>
  );
}
