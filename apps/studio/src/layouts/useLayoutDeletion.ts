// Deleting a layout, after asking. One in use is refused (409 LAYOUT_IN_USE) with the server's message naming the
// schedules, overrides and screens that use it (common/useRefusableDeletion.ts).

import { useDeleteLayout, type Layout } from '../api/layouts';
import { useRefusableDeletion } from '../common/useRefusableDeletion';

export function useLayoutDeletion(onDeleted: (layout: Layout) => void = () => {}) {
  return useRefusableDeletion<Layout>('layout', useDeleteLayout(), onDeleted);
}
