import { PRODUCT_NAME } from '@marquee/protocol';

/**
 * What a screen shows when nothing is scheduled and there is no default content, or nothing can play offline: a
 * calm, still screen, never a blank frame or an error (docs/schedules.md §Player behaviour). Nothing moves, so it
 * costs nothing while it stays.
 */
export function IdleScreen() {
  return (
    <main className="idle-screen" data-testid="idle-screen" aria-label={`${PRODUCT_NAME}: nothing to show`}>
      <span className="idle-mark">{PRODUCT_NAME}</span>
    </main>
  );
}
