// The messages between the player and its service worker, and which windows count as a player.

export const CHECK_MULTIPLE_TABS_MESSAGE = 'CHECK_MULTIPLE_TABS';
export const MULTIPLE_TABS_MESSAGE = 'MULTIPLE_TABS';

/** The player lives at the origin's root; /content/, /studio/, /host/ … are other apps. */
export function isPlayerPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/index.html';
}
