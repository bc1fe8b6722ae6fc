// An operator's HTML app in its frame, as the content player and the studio's preview both run it (docs/apps.md):
// the frame's sandbox from the app's address, one app session per address for the frame's lifetime, told whether
// the app is on screen; getContext() reads the frame's box and the latest facts at each call. What happens on
// done() and when a page does not load is the caller's.

import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { AppDataScreen } from '@marquee/protocol';
import { appContextOf } from './appContext';
import { appFrameAccess } from './appFrameAccess';
import { openAppSession, type AppSession } from './appSession';

/** What getContext() reports besides the app's box. */
export interface AppScreenFacts {
  /** The screen's IANA zone. */
  timezone: string;
  screen: AppDataScreen | null;
}

export interface AppFrameOptions extends AppScreenFacts {
  url: string;
  /** The operator's configuration, parsed; read at each getContext(). */
  config: Record<string, unknown>;
  /** On screen, rather than loaded underneath. */
  active: boolean;
  /** The app called done() while on screen. Answer false (or give none) and its slot restarts in place. */
  onDone?: () => boolean | void;
  /** A problem worth a log line that does not stop the app. */
  onProblem(message: string): void;
}

export interface AppFrame {
  frame: RefObject<HTMLIFrameElement | null>;
  /** The frame's sandbox; null when the address cannot be shown at all (not http(s)). */
  sandbox: string | null;
}

export function useAppFrame(options: AppFrameOptions): AppFrame {
  const { url, active } = options;
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const access = useMemo(() => appFrameAccess(url, window.location.origin), [url]);

  const session = useRef<AppSession | null>(null);
  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (target === null || target === undefined || access === null) return;
    const opened = openAppSession({
      target,
      origin: access.origin,
      context: () => {
        const { screen, timezone, config } = latest.current;
        const box = frame.current?.getBoundingClientRect() ?? { width: 0, height: 0 };
        return appContextOf({ screen, timezone, box, config });
      },
      onDone: () => {
        const { onDone } = latest.current;
        if (onDone === undefined || onDone() === false) opened.restart();
      },
      onProblem: (message) => latest.current.onProblem(`The app ${url}: ${message}`),
    });
    opened.setActive(latest.current.active);
    session.current = opened;
    return () => {
      opened.close();
      session.current = null;
    };
  }, [url, access]);
  // After the session's effect, so a new session hears the state it was opened in first.
  useEffect(() => {
    session.current?.setActive(active);
  }, [active]);

  return { frame, sandbox: access?.sandbox ?? null };
}
