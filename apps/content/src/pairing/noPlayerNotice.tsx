// The notice of a pairing page opened outside the player (NoPlayer.tsx), for the pairing page's own entry, which
// loads it (and React with it) only then.

import { createRoot } from 'react-dom/client';
import { NoPlayer } from '../NoPlayer';

export function showNoPlayer(root: HTMLElement, playerUrl: string): void {
  root.replaceChildren();
  createRoot(root).render(<NoPlayer playerUrl={playerUrl} />);
}
