// Every destructive action asks first (Mantine's confirm modal), in the words of docs/player.md §Sidebar:
// 'No, cancel' / "Yes, I'm sure".

import { useCallback } from 'react';
import { modals } from '@mantine/modals';

export function useConfirm() {
  return useCallback((title: string, message: string, onConfirm: () => void) => {
    modals.openConfirmModal({
      title,
      children: message,
      labels: { confirm: "Yes, I'm sure", cancel: 'No, cancel' },
      confirmProps: { color: 'red' },
      onConfirm,
    });
  }, []);
}
