// What an app frame may do, and whom the content player talks to in it. An app from another site keeps its own
// origin (its storage, its cookies), which cannot reach the content player's. An app served from the content
// player's own origin would, with allow-same-origin, be able to script its parent: it runs in an opaque origin
// instead, and the bridge, which then cannot name that origin, stays pinned to the frame's window alone.
// Never top navigation, pop-ups or downloads: an app cannot take the screen away.

export interface AppFrameAccess {
  sandbox: string;
  /** The bridge's targetOrigin: the app's origin, or '*' for an opaque one. */
  origin: string;
}

export function appFrameAccess(url: string, pageOrigin: string): AppFrameAccess | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.origin === pageOrigin) return { sandbox: 'allow-scripts allow-forms', origin: '*' };
  return { sandbox: 'allow-scripts allow-same-origin allow-forms', origin: parsed.origin };
}
