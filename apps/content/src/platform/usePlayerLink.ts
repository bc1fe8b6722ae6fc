// One link to the player for the page's lifetime. The commands the player may send are read through a ref, so
// the component that can carry them out (the content player) fills them in when it mounts.

import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { openPlayerLink, type ContentCommands, type LinkState, type PlayerLink } from './playerLink';

const NOT_READY = (): never => {
  throw new Error('The content player is not showing content');
};

export const idleCommands: ContentCommands = {
  setMute: NOT_READY,
  screenshot: () => Promise.reject(new Error('The pairing page has nothing to capture')),
  updateDeviceInfo: NOT_READY,
  getContentState: () => ({ showing: 'pairing' }),
};

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
    const opened = openPlayerLink(window, () => commands.current);
    setLink(opened);
    let live = true;
    void opened.ready.then((final) => live && setState(final));
    return () => {
      live = false;
      opened.close();
    };
  }, []);

  return { state, link, commands };
}
