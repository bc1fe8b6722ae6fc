// A web app zone of the layout's preview: the operator's app in the same sandboxed frame, with the same app API, as
// on a screen (@marquee/layout-view's AppFrame, docs/apps.md). Its getContext() answers a preview context: the screen
// "Preview" without tags, this browser's time zone, the zone's size in the preview and the configuration typed in
// the form. It is on screen from the start; done() ends its spell (`stop`) and it starts again after a pause.

import { useEffect, useState } from 'react';
import { Box, Text } from '@mantine/core';
import { AppFrame } from '@marquee/layout-view';

/** The screen a previewed app is told it is on. */
export const PREVIEW_SCREEN = { id: 'preview', name: 'Preview', tags: [] };
/** How long a previewed app that called done() waits before it gets `start` again. */
export const APP_RESTART_PAUSE_MS = 2000;

const FILL = { width: '100%', height: '100%', border: 0, display: 'block', background: '#ffffff' } as const;
const warn = (message: string) => console.warn('[marquee studio]', message);

export function AppPreviewZone(props: { url: string; config: Record<string, unknown>; timezone: string }) {
  const { url, config, timezone } = props;
  const [active, setActive] = useState(true);
  useEffect(() => {
    if (active) return;
    const timer = setTimeout(() => setActive(true), APP_RESTART_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return (
    <Box pos="relative" w="100%" h="100%">
      <AppFrame
        // A changed configuration loads the app again, so it asks for its context afresh.
        key={JSON.stringify(config)}
        url={url}
        config={config}
        active={active}
        timezone={timezone}
        screen={PREVIEW_SCREEN}
        onDone={() => {
          setActive(false);
          return true;
        }}
        onProblem={warn}
        style={FILL}
      />
      {!active && (
        <Text
          size="xs"
          c="white"
          bg="dark.7"
          px={6}
          py={2}
          pos="absolute"
          bottom={4}
          left={4}
          data-testid="app-restarting"
        >
          done(): starting again in {APP_RESTART_PAUSE_MS / 1000} s
        </Text>
      )}
    </Box>
  );
}
