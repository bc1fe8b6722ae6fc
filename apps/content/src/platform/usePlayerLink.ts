// One link to the player for the page's lifetime. The commands the player may send are read through a ref, so
// the component that can carry them out (the content player) fills them in when it mounts.

import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { markStartup } from '@marquee/protocol';
import {
  idleCommands,
  openPlayerLink,
  type ContentCommands,
  type LinkState,
  type PlayerLink,
} from './playerLink';

export { idleCommands };

export interface PlayerLinkHandle {
  state: LinkState;
  link: PlayerLink | null;
  commands: MutableRefObject<ContentCommands>;
}

export function usePlayerLink(): PlayerLinkHandle {
  const commands = useRef<ContentCommands>(idleCommands);
  const [link, setLink] = useState<PlayerLink | null>(null);
  const [state, setState] = useState<LinkState>('connecting');

  useEffect(() => {
    markStartup('bridge', 'start');
    const opened = openPlayerLink(window, () => commands.current);
    setLink(opened);
    let live = true;
    void opened.ready.then((final) => {
      if (final === 'connected') markStartup('bridge', 'end');
      if (live) setState(final);
    });
    return () => {
      live = false;
      opened.close();
    };
  }, []);

  return { state, link, commands };
}
