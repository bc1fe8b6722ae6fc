// Whether a query string could name an id parameter at all, without the query parser (docs/player.md §Start-up
// timings). The parser (qs, in the idParam chunk) is fetched and run only when this says yes; no means the id
// parameter is certainly absent. Deliberately loose: qs decodes each key ('+' as a space, then percent-decoding)
// and also makes 'id' of '[id]', so any parameter whose key, raw or decoded, contains 'id' in any case counts.

export function mayNameIdParam(search: string): boolean {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return false;
  return query.split('&').some((part) => {
    const key = part.split('=', 1)[0] ?? '';
    let decoded = key;
    try {
      decoded = decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      // qs keeps a key it cannot decode as it is
    }
    return /id/i.test(key) || /id/i.test(decoded);
  });
}
