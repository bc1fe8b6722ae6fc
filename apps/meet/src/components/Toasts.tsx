// Toasts of the meeting variant (docs/meeting-room.md §Toasts): top-center, bottom-center on the 'zoom' and 'mtr'
// platforms, each with a progress bar to its auto-close. react-toastify is loaded after the first paint.

import { lazy, Suspense } from 'react';
import {
  MEET_BOTTOM_TOAST_PLATFORMS,
  MEET_TOAST_POSITION,
  MEET_TOAST_POSITION_BOTTOM,
  TOAST_AUTO_CLOSE_MS,
} from '@marquee/protocol';

function toastPosition(hostPlatform: string): typeof MEET_TOAST_POSITION | typeof MEET_TOAST_POSITION_BOTTOM {
  return (MEET_BOTTOM_TOAST_PLATFORMS as readonly string[]).includes(hostPlatform)
    ? MEET_TOAST_POSITION_BOTTOM
    : MEET_TOAST_POSITION;
}

const Container = lazy(async () => {
  const { ToastContainer } = await import('react-toastify');
  return {
    default: ({ position }: { position: ReturnType<typeof toastPosition> }) => (
      <ToastContainer
        position={position}
        autoClose={TOAST_AUTO_CLOSE_MS}
        hideProgressBar={false}
        theme="dark"
      />
    ),
  };
});

export function Toasts({ hostPlatform }: { hostPlatform: string }) {
  return (
    <Suspense fallback={null}>
      <Container position={toastPosition(hostPlatform)} />
    </Suspense>
  );
}

interface ToastOptions {
  toastId?: string;
  autoCloseMs: number;
}

export async function showToast(
  kind: 'error' | 'warning',
  message: string,
  options: ToastOptions,
): Promise<void> {
  const { toast } = await import('react-toastify');
  toast[kind](message, {
    autoClose: options.autoCloseMs,
    hideProgressBar: false,
    ...(options.toastId === undefined ? {} : { toastId: options.toastId }),
  });
}
