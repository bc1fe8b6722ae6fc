// Editing a layout: its name, aspect and background, and its zones (added, removed, placed, stacked, given a
// playlist or an app). The API's rules are checked as you edit (a zone outside the screen, an id used twice, too
// many zones, configuration that is not JSON) and in full on save; the server's refusal lands on the field it
// names ('zones.3.width' → the fourth zone's width).

import { useMemo, useState } from 'react';
import { LAYOUT_MAX_ZONES, type LayoutAspect } from '@marquee/protocol';
import { ApiError } from '../api/client';
import { useCreateLayout, useUpdateLayout, type Layout } from '../api/layouts';
import type { FieldErrors } from '../common/fieldErrors';
import type { Rect } from './geometry';
import {
  checkLayout,
  errorKeyOf,
  freeZoneId,
  isLiveError,
  layoutDraftOf,
  newZoneKey,
  playlistContent,
  restack,
  type DraftZone,
  type LayoutDraft,
} from './layoutDraft';
import { zonesOf, type LayoutTemplate } from './templates';

/** The fields the editor shows a refusal under; others show above its buttons. */
const FIELDS = ['name', 'background', 'zones'];
const EMPTY: LayoutDraft = { name: '', aspect: 'landscape', background: '#000000', zones: [] };

export function useLayoutEditor(layout: Layout | null, onSaved: (layout: Layout) => void) {
  const [draft, setDraft] = useState<LayoutDraft>(() => (layout === null ? EMPTY : layoutDraftOf(layout)));
  const [selected, setSelected] = useState<string | null>(() => draft.zones[0]?.key ?? null);
  const [submitted, setSubmitted] = useState(false);
  /** The server's refusal (or the 13th zone's), shown until the next change. */
  const [refusal, setRefusal] = useState<FieldErrors>({});
  const create = useCreateLayout();
  const update = useUpdateLayout(layout?.id ?? '');

  const check = useMemo(() => checkLayout(draft), [draft]);
  const errors = useMemo(() => {
    const found = check.ok ? {} : check.errors;
    const shown = submitted
      ? found
      : Object.fromEntries(Object.entries(found).filter(([key]) => isLiveError(key)));
    return { ...shown, ...refusal };
  }, [check, submitted, refusal]);

  const change = (next: (current: LayoutDraft) => LayoutDraft) => {
    setRefusal({});
    setDraft(next);
  };
  const changeZones = (next: (zones: DraftZone[]) => DraftZone[]) =>
    change((current) => ({ ...current, zones: next(current.zones) }));
  const updateZone = (key: string, patch: Partial<DraftZone>) =>
    changeZones((zones) => zones.map((zone) => (zone.key === key ? { ...zone, ...patch } : zone)));

  /** Shows the zone a problem is in ('zones.3.url' → the fourth zone). */
  const selectZoneOf = (keys: string[]) => {
    const index = keys.map((key) => /^zones\.(\d+)\./.exec(key)).find((match) => match !== null)?.[1];
    const zone = index === undefined ? undefined : draft.zones[Number(index)];
    if (zone !== undefined) setSelected(zone.key);
  };

  const save = () => {
    setSubmitted(true);
    if (!check.ok) return selectZoneOf(Object.keys(check.errors));
    const handlers = {
      onSuccess: (saved: Layout) => {
        setSubmitted(false);
        onSaved(saved);
      },
      onError: (error: Error) => {
        const key = error instanceof ApiError && error.field !== undefined ? errorKeyOf(error.field) : 'form';
        setRefusal({ [FIELDS.includes(key) || key.startsWith('zones.') ? key : 'form']: error.message });
        selectZoneOf([key]);
      },
    };
    if (layout === null) create.mutate(check.body, handlers);
    else update.mutate(check.body, handlers);
  };

  const zones = draft.zones;
  return {
    draft,
    errors,
    selected: zones.find((zone) => zone.key === selected) ?? null,
    selectedIndex: zones.findIndex((zone) => zone.key === selected),
    saving: create.isPending || update.isPending,
    canAddZone: zones.length < LAYOUT_MAX_ZONES,
    select: setSelected,
    setName: (name: string) => change((current) => ({ ...current, name })),
    setAspect: (aspect: LayoutAspect) => change((current) => ({ ...current, aspect })),
    setBackground: (background: string) => change((current) => ({ ...current, background })),
    applyTemplate: (template: LayoutTemplate) => {
      const next = zonesOf(template, draft.aspect);
      change((current) => ({ ...current, zones: next }));
      setSelected(next[0]?.key ?? null);
    },
    addZone: () => {
      if (zones.length >= LAYOUT_MAX_ZONES) {
        setRefusal({ zones: `A layout has at most ${LAYOUT_MAX_ZONES} zones: remove one to add another` });
        return;
      }
      const zone: DraftZone = {
        key: newZoneKey(),
        id: freeZoneId(zones),
        name: '',
        x: 25,
        y: 25,
        width: 50,
        height: 50,
        z: zones.reduce((top, other) => Math.max(top, other.z + 1), 0),
        content: playlistContent(),
      };
      changeZones((current) => [...current, zone]);
      setSelected(zone.key);
    },
    removeZone: (key: string) => {
      changeZones((current) => current.filter((zone) => zone.key !== key));
      if (selected === key) setSelected(null);
    },
    updateZone,
    placeZone: (key: string, rect: Rect) => updateZone(key, rect),
    restack: (key: string, step: 1 | -1) => changeZones((current) => restack(current, key, step)),
    /** The problems of one zone, by field ('width', 'url', 'config', …). */
    zoneErrors: (index: number): FieldErrors => {
      const prefix = `zones.${index}.`;
      return Object.fromEntries(
        Object.entries(errors)
          .filter(([key]) => key.startsWith(prefix))
          .map(([key, message]) => [key.slice(prefix.length), message]),
      );
    },
    save,
  };
}

export type LayoutEditor = ReturnType<typeof useLayoutEditor>;
