// Toasts (docs/player.md §Notices and toasts): top-right, auto-close after 5000 ms, drag-to-dismiss at 80%.
// react-toastify is loaded after the first paint (it is not needed to start), and toasts raised before it arrives
// are shown once it is there.

import { lazy, Suspense } from 'react';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT, TOAST_POSITION } from '@marquee/protocol';

const Container = lazy(async () => {
  const { ToastContainer } = await import('react-toastify');
  return {
    default: () => (
      <ToastContainer
        position={TOAST_POSITION}
        autoClose={TOAST_AUTO_CLOSE_MS}
        draggablePercent={TOAST_DRAG_PERCENT}
        theme="dark"
      />
    ),
  };
});

export function Toasts() {
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}

export type ToastKind = 'warning' | 'error' | 'info';

export interface ToastOptions {
  toastId?: string;
  persistent?: boolean;
}

/** Shows a toast; a persistent one has no close button and stays until the page goes. */
export async function showToast(kind: ToastKind, message: string, options: ToastOptions = {}): Promise<void> {
  const { toast } = await import('react-toastify');
  toast[kind](message, {
    ...(options.toastId === undefined ? {} : { toastId: options.toastId }),
    ...(options.persistent
      ? { autoClose: false, closeButton: false, closeOnClick: false, draggable: false }
      : {}),
  });
}
