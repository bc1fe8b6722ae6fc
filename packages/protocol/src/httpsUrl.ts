// The frame URL's scheme (docs/decisions.md, "https forcing"): forced to https when the player page is itself served
// over https (mixed content would be blocked there); kept on an http origin such as localhost or a LAN install.

// An absolute http URL with a non-empty host; no URL class exists in ES2023, so the check is textual.
const HTTP_URL = /^http:\/\/[^\s/?#\\]+(?:[/?#]\S*)?$/i;

/**
 * `url` with 'http:' replaced by 'https:' when `pageProtocol` (a location.protocol such as 'https:', with or
 * without the colon) is https. Anything else — other schemes, relative and protocol-relative URLs, and strings that
 * are not valid absolute http URLs — is returned unchanged.
 */
export function forceHttps(url: string, pageProtocol: string): string {
  if (pageProtocol.replace(/:$/, '').toLowerCase() !== 'https' || !HTTP_URL.test(url)) return url;
  return `https:${url.slice('http:'.length)}`;
}
