// What the screens list shows: the filters (the search typed, sent once typing pauses), the page (a stack of the
// cursors that led to it, so Previous goes back without the server keeping anything), and the screens selected
// for bulk tagging, which stay selected across pages.

import { useCallback, useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { NO_FILTERS, type ScreenFilters } from '../api/screenList';
import { SEARCH_DEBOUNCE_MS } from '../constants';

export interface ScreenListState {
  /** What the search box shows now. */
  search: string;
  /** What the server is asked for (the search once typing paused). */
  filters: ScreenFilters;
  /** The filters as chosen (for the controls). */
  chosen: Omit<ScreenFilters, 'q'>;
  setSearch(q: string): void;
  setFilter<K extends keyof Omit<ScreenFilters, 'q'>>(name: K, value: ScreenFilters[K]): void;
  /** The page's cursor; null on the first. */
  cursor: string | null;
  page: number;
  next(cursor: string): void;
  previous(): void;
  selected: ReadonlySet<string>;
  toggle(id: string): void;
  /** Selects every id given, or unselects them all when all already are. */
  toggleAll(ids: readonly string[]): void;
  clearSelection(): void;
}

export function useScreenListState(): ScreenListState {
  const [search, setSearchText] = useState('');
  const [q] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<Omit<ScreenFilters, 'q'>>({
    tag: NO_FILTERS.tag,
    groupId: NO_FILTERS.groupId,
    status: NO_FILTERS.status,
  });
  const [cursors, setCursors] = useState<string[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const filters = useMemo(() => ({ ...chosen, q }), [chosen, q]);
  // A page position belongs to the filters it was reached with: any change goes back to the first page.
  const [cursorsOf, setCursorsOf] = useState(filters);
  if (cursorsOf !== filters) {
    setCursorsOf(filters);
    setCursors([]);
  }

  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    (ids: readonly string[]) =>
      setSelected((current) => {
        const next = new Set(current);
        const all = ids.every((id) => current.has(id));
        for (const id of ids) {
          if (all) next.delete(id);
          else next.add(id);
        }
        return next;
      }),
    [],
  );

  return {
    search,
    filters,
    chosen,
    setSearch: setSearchText,
    setFilter: (name, value) => setChosen((current) => ({ ...current, [name]: value })),
    cursor: cursors.at(-1) ?? null,
    page: cursors.length + 1,
    next: (cursor) => setCursors((current) => [...current, cursor]),
    previous: () => setCursors((current) => current.slice(0, -1)),
    selected,
    toggle,
    toggleAll,
    clearSelection: () => setSelected(new Set()),
  };
}
