// Where the studio loads a media file from. The server builds media URLs from its public URL, which without
// MARQUEE_PUBLIC_URL is its localhost default; the studio always talks to its own server, so it reads the file
// from the API origin it uses (a LAN address, say) with the same path and version.

export function mediaSrc(url: string, apiUrl: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname.startsWith('/media/') ? `${apiUrl}${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}
