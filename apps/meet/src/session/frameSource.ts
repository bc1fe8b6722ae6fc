// The frame source of the meeting variant (docs/meeting-room.md §Overview): derived from the token of the app
// data, as the content player's address with the token in its query.

/** The frame URL for the app value at players/{id}/app, or null while it carries no token. */
export function frameSourceFromApp(app: unknown, contentUrl: string): string | null {
  const token = (app as { token?: unknown } | null)?.token;
  if (typeof token !== 'string' || token === '') return null;
  return `${contentUrl.replace(/\/+$/, '')}/?token=${encodeURIComponent(token)}`;
}
