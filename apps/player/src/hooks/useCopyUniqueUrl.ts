// Copy unique URL (docs/player.md §Sidebar): the player's URL with its device id, copied to the clipboard; the label
// reads 'Copied!' for 2 s. Without clipboard access it falls back to a prompt 'Copy to clipboard: {key}, Enter'.

import { useCallback, useEffect, useState } from 'react';
import { COPIED_LABEL_MS } from '@marquee/protocol';

export function uniqueUrl(origin: string, deviceId: string): string {
  return `${origin}/?id=${encodeURIComponent(deviceId)}`;
}

export function copyKey(userAgent: string): string {
  return /mac os x/i.test(userAgent) ? '⌘+C' : 'Ctrl+C';
}

export function useCopyUniqueUrl(url: string) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      window.prompt(`Copy to clipboard: ${copyKey(navigator.userAgent)}, Enter`, url);
    }
    setCopied(true);
  }, [url]);
  return { copied, copy };
}
