// The pairing page inside the content page (App.tsx, at /content/pair when the content page is what loaded): the
// same view the pairing page's own entry draws (pairingView.ts).

import { useEffect, useRef } from 'react';
import type { Bridge } from '@marquee/bridge';
import { mountPairingPage } from './pairingView';

export { pairUrl } from './pairingView';

export function PairingPage({ bridge, studioUrl }: { bridge: Bridge | null; studioUrl: string }) {
  const root = useRef<HTMLDivElement | null>(null);
  useEffect(
    () => (root.current === null ? undefined : mountPairingPage(root.current, bridge, studioUrl)),
    [bridge, studioUrl],
  );
  return <div ref={root} style={{ display: 'contents' }} />;
}
