// Duplicate detection (docs/meeting-room.md §Duplicate detection): on an app update or a connection/id update, this
// page's connection id is compared with the server's; on a mismatch, the error toast, then after 15 s cleanup and
// reload.

import { useEffect, useRef, useState } from 'react';
import { DUPLICATE_DISCONNECT_DELAY_MS } from '@marquee/protocol';
import { watchConnectionId, type DuplicateWatch } from '../session/duplicateConnection';
import { showToast } from '../components/Toasts';

const DUPLICATE_PLAYER_MESSAGE = 'This player will be disconnected due to a duplicate Marquee player.';

interface DuplicateDetectionOptions {
  ownId: string | null;
  serverId: unknown;
  app: unknown;
  cleanup: () => void;
  reload: () => void;
}

export function useDuplicateDetection({
  ownId,
  serverId,
  app,
  cleanup,
  reload,
}: DuplicateDetectionOptions): boolean {
  const watch = useRef<DuplicateWatch | null>(null);
  const [duplicate, setDuplicate] = useState(false);
  useEffect(() => {
    watch.current = ownId === null ? null : watchConnectionId(ownId);
  }, [ownId]);
  useEffect(() => {
    if (duplicate || watch.current === null || serverId === undefined) return;
    if (watch.current.check(serverId)) setDuplicate(true);
  }, [serverId, app, duplicate]);
  useEffect(() => {
    if (!duplicate) return;
    void showToast('error', DUPLICATE_PLAYER_MESSAGE, {
      toastId: 'duplicate-player',
      autoCloseMs: DUPLICATE_DISCONNECT_DELAY_MS,
    });
    const timer = setTimeout(() => {
      cleanup();
      reload();
    }, DUPLICATE_DISCONNECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [duplicate, cleanup, reload]);
  return duplicate;
}
