// The browser check of the meeting variant (docs/meeting-room.md §Browser check): Chrome below 86 must upgrade, any
// other browser is told Chrome is recommended. Both toasts come 2 s after start; skipped when already initialised or
// when the option skipUnsupportedBrowserCheck is set.

import {
  BROWSER_RECOMMENDATION_TOAST_MS,
  BROWSER_UPGRADE_TOAST_MS,
  MINIMUM_CHROME_VERSION,
} from '@marquee/protocol';

const UPGRADE_CHROME_MESSAGE = `Please upgrade to Google Chrome to version ${MINIMUM_CHROME_VERSION} or later.`;
const RECOMMEND_CHROME_MESSAGE = 'Running in Google Chrome is recommended.';

interface BrowserVerdict {
  kind: 'error' | 'warning';
  message: string;
  /** How long the toast stays. */
  autoCloseMs: number;
}

/** The Chrome (or Chromium) major version of a user agent, or null for another browser (Edge, Opera, Firefox…). */
export function chromeVersion(userAgent: string): number | null {
  if (/\b(Edg|EdgA|OPR|SamsungBrowser|Firefox)\//.test(userAgent)) return null;
  const match = /\b(?:Chrome|Chromium|HeadlessChrome)\/(\d+)\./.exec(userAgent);
  return match ? Number(match[1]) : null;
}

/** What to tell the user about this browser, or null when it is a recent enough Chrome. */
export function browserVerdict(userAgent: string): BrowserVerdict | null {
  const version = chromeVersion(userAgent);
  if (version === null) {
    return {
      kind: 'warning',
      message: RECOMMEND_CHROME_MESSAGE,
      autoCloseMs: BROWSER_RECOMMENDATION_TOAST_MS,
    };
  }
  if (version < MINIMUM_CHROME_VERSION) {
    return { kind: 'error', message: UPGRADE_CHROME_MESSAGE, autoCloseMs: BROWSER_UPGRADE_TOAST_MS };
  }
  return null;
}
