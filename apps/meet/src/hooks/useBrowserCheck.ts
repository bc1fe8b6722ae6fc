// The browser check (docs/meeting-room.md §Browser check): 2 s after start, an old Chrome is told to upgrade (30 s)
// and another browser that Chrome is recommended (3 s). Skipped once initialised (a second mount) or with
// skipUnsupportedBrowserCheck.

import { useEffect } from 'react';
import { BROWSER_CHECK_DELAY_MS } from '@marquee/protocol';
import { browserVerdict } from '../session/browserCheck';
import { showToast } from '../components/Toasts';

let initialised = false;

interface BrowserCheckOptions {
  userAgent: string;
  skipUnsupportedBrowserCheck?: boolean;
  show?: typeof showToast;
}

export function useBrowserCheck({
  userAgent,
  skipUnsupportedBrowserCheck,
  show = showToast,
}: BrowserCheckOptions) {
  useEffect(() => {
    if (initialised || skipUnsupportedBrowserCheck) return;
    initialised = true;
    const verdict = browserVerdict(userAgent);
    if (verdict === null) return;
    const timer = setTimeout(() => {
      void show(verdict.kind, verdict.message, {
        toastId: 'browser-check',
        autoCloseMs: verdict.autoCloseMs,
      });
    }, BROWSER_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userAgent, skipUnsupportedBrowserCheck, show]);
}
