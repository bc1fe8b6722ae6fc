import { Box, Paper, Stack, Text } from '@mantine/core';
import { BuiltInApp, placeZones } from '@marquee/layout-view';
import { defaultTimers, systemClock } from '@marquee/protocol';
import { useServices } from '../../api/context';
import { useMediaList } from '../../api/queries';
import type { Playlist } from '../../api/types';
import { Stage } from '../../playlists/PlaylistPreview';
import type { LayoutDraft } from '../layoutDraft';
import { AppPreviewZone, APP_RESTART_PAUSE_MS } from './AppPreviewZone';
import { FeedPreviewZone } from './FeedPreviewZone';
import { previewZonesOf, type ZoneShow } from './previewZones';

/** The browser's own zone: a screen's clock shows the screen's. */
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function ZoneFace({ show }: { show: ZoneShow }) {
  if (show.kind === 'app')
    return <BuiltInApp app={show.app} timezone={BROWSER_ZONE} now={systemClock} timers={defaultTimers} />;
  if (show.kind === 'feed') return <FeedPreviewZone url={show.url} app={show.app} />;
  if (show.kind === 'html')
    return <AppPreviewZone url={show.url} config={show.config} timezone={BROWSER_ZONE} />;
  if (show.kind === 'item')
    return (
      <Box
        w="100%"
        h="100%"
        bg="dark.8"
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <Stage item={show.item} />
      </Box>
    );
  return (
    <Stack w="100%" h="100%" gap={2} align="center" justify="center" bg="dark.6" p={4}>
      <Text c="gray.3" size="xs">
        {show.title}
      </Text>
      <Text c="white" size="xs" fw={600} ta="center" style={{ wordBreak: 'break-all' }}>
        {show.detail}
      </Text>
    </Stack>
  );
}

/**
 * The whole layout as a screen shows it: each zone in place, its app running (a feed as the server cleans it, a web
 * app with a preview context), a playlist's first item.
 */
export function LayoutPreview({ draft, playlists }: { draft: LayoutDraft; playlists: Playlist[] }) {
  const { config } = useServices();
  const media = useMediaList();
  const zones = previewZonesOf(draft.zones, playlists, media.data ?? [], config.apiUrl);
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        Preview
      </Text>
      <Box
        data-testid="layout-preview"
        style={{
          position: 'relative',
          aspectRatio: draft.aspect === 'landscape' ? '16 / 9' : '9 / 16',
          width: draft.aspect === 'landscape' ? 'min(100%, 960px)' : 'min(100%, 340px)',
          margin: '0 auto',
          overflow: 'hidden',
          background: draft.background,
          borderRadius: 6,
        }}
      >
        {placeZones(zones).map(({ zone, style }) => (
          <div key={zone.key} style={{ ...style, overflow: 'hidden' }} data-preview-zone={zone.key}>
            <ZoneFace show={zone.show} />
          </div>
        ))}
      </Box>
      {zones.some((zone) => zone.show.kind === 'html') && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="app-preview-caption">
          Web apps run here as on a screen, told they are on the screen &quot;Preview&quot; in this
          browser&apos;s time zone, with their zone&apos;s size and configuration. An app that calls done()
          starts again after {APP_RESTART_PAUSE_MS / 1000} s.
        </Text>
      )}
    </Paper>
  );
}
