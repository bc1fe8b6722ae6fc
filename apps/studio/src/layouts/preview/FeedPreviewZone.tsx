// A feed zone of the layout's preview: the feed fetched and cleaned by the server as screens will get it (GET
// /feeds/preview, docs/layouts.md §Studio), drawn by the content player's own face of a feed (FeedView). The address
// is asked for once typing pauses, so each keystroke is not a fetch.

import { Center, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FeedView, type FeedViewOptions } from '@marquee/layout-view';
import { defaultTimers } from '@marquee/protocol';
import { useFeedPreview } from '../../api/layouts';

/** How long the address must stay unchanged before it is fetched. */
export const FEED_PREVIEW_DEBOUNCE_MS = 600;

export function FeedPreviewZone({ url, app }: { url: string; app: FeedViewOptions }) {
  const [settled] = useDebouncedValue(url, FEED_PREVIEW_DEBOUNCE_MS);
  const preview = useFeedPreview(settled);
  if (preview.isPending) {
    return (
      <Center w="100%" h="100%" bg="dark.6">
        <Loader size="sm" aria-label="Loading the feed" />
      </Center>
    );
  }
  if (preview.isError) {
    return (
      <Stack w="100%" h="100%" gap={2} align="center" justify="center" bg="dark.6" p={4} role="alert">
        <Text c="gray.3" size="xs">
          Feed
        </Text>
        <Text c="red.3" size="xs" ta="center" style={{ wordBreak: 'break-word' }}>
          {preview.error.message}
        </Text>
      </Stack>
    );
  }
  return <FeedView app={app} feed={preview.data} active timers={defaultTimers} />;
}
