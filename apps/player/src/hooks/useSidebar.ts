// The settings sidebar's visibility (docs/player.md §Sidebar): the hamburger fades after 7 s without activity and
// comes back on any pointer or key activity; the panel closes on an outside click or after 7 s idle, unless debug
// mode is on.

import { useCallback, useEffect, useState } from 'react';
import { HAMBURGER_AUTO_HIDE_MS, SIDEBAR_AUTO_HIDE_MS } from '@marquee/protocol';

const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart'] as const;

export function useSidebar(debugMode: boolean, target: Window = window) {
  const [open, setOpen] = useState(false);
  const [hamburgerVisible, setHamburgerVisible] = useState(true);
  const [activity, setActivity] = useState(0);

  useEffect(() => {
    const onActivity = () => setActivity((count) => count + 1);
    for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity);
    };
  }, [target]);

  // Any activity shows the hamburger again and restarts both idle timers.
  useEffect(() => {
    setHamburgerVisible(true);
    const hideHamburger = setTimeout(() => setHamburgerVisible(false), HAMBURGER_AUTO_HIDE_MS);
    const closePanel =
      open && !debugMode ? setTimeout(() => setOpen(false), SIDEBAR_AUTO_HIDE_MS) : undefined;
    return () => {
      clearTimeout(hideHamburger);
      clearTimeout(closePanel);
    };
  }, [activity, open, debugMode]);

  const openSidebar = useCallback(() => setOpen(true), []);
  const closeSidebar = useCallback(() => {
    if (!debugMode) setOpen(false);
  }, [debugMode]);
  // With debug mode on the sidebar stays open.
  return { open: open || debugMode, hamburgerVisible, openSidebar, closeSidebar };
}
