import { describe, expect, it } from 'vitest';
import { ListenEntry } from './listens';
import { entryView, isReflected, viewOf } from './views';
import type { PendingWrite } from './writeQueue';

let ids = 0;
function write(path: string, value: PendingWrite['changes'][number]['value'], ack?: number): PendingWrite {
  return {
    id: ++ids,
    request: { t: 'set', path, value },
    changes: [{ segments: path.split('/'), value }],
    state: ack === undefined ? 'sent' : 'acked',
    rev: ack ?? -1,
    ackedAt: 0,
  };
}

const at = (path: string) => path.split('/');

describe('viewOf', () => {
  it('applies writes below, at and above the path, in order', () => {
    const base = { name: 'A', orientation: 'landscape' };
    expect(viewOf(at('p/x/settings'), base, 1, [write('p/x/settings/name', 'B')])).toEqual({
      name: 'B',
      orientation: 'landscape',
    });
    expect(viewOf(at('p/x/settings'), base, 1, [write('p/x/settings', { mute: true })])).toEqual({
      mute: true,
    });
    expect(viewOf(at('p/x/settings'), base, 1, [write('p/x', { settings: { name: 'C' } })])).toEqual({
      name: 'C',
    });
    expect(viewOf(at('p/x/settings'), base, 1, [write('p/x', { other: 1 })])).toBeNull();
    expect(
      viewOf(at('p/x/settings'), base, 1, [
        write('p/x/settings/name', 'B'),
        write('p/x/settings/name', null),
      ]),
    ).toEqual({ orientation: 'landscape' });
    expect(viewOf(at('p/x/settings'), base, 1, [write('p/x/other', 1)])).toBe(base);
  });

  it('knows nothing without a base, unless a write replaces the whole node', () => {
    expect(viewOf(at('p/x/settings'), undefined, -1, [write('p/x/settings/name', 'B')])).toBeUndefined();
    expect(viewOf(at('p/x/settings'), undefined, -1, [write('p/x/settings', { name: 'B' })])).toEqual({
      name: 'B',
    });
    expect(
      viewOf(at('p/x/settings'), undefined, -1, [
        write('p/x/settings', { name: 'B' }),
        write('p/x/settings/a', 1),
      ]),
    ).toEqual({ name: 'B', a: 1 });
  });

  it('skips an acknowledged write the base revision contains, and applies one it does not yet', () => {
    const acked = write('p/x/n', 2, 7);
    expect(viewOf(at('p/x/n'), 1, 6, [acked])).toBe(2); // the event of revision 7 has not come: still shown
    expect(viewOf(at('p/x/n'), 3, 7, [acked])).toBe(3); // revision 7 contains it (and whatever followed)
    expect(viewOf(at('p/x/n'), 1, -1, [acked])).toBe(2); // a local copy of unknown revision
  });

  it('entryView takes the server value, else the local copy', () => {
    const entry = new ListenEntry(at('p/x/n'));
    expect(entryView(entry, [])).toBeUndefined();
    entry.cached = 'cached';
    expect(entryView(entry, [])).toBe('cached');
    entry.server = { value: 'server', hash: 'h', rev: 3 };
    expect(entryView(entry, [])).toBe('server');
    expect(entryView(entry, [write('p/x/n', 'mine')])).toBe('mine');
  });
});

describe('isReflected', () => {
  it('is true once every touched listened server value reached the write revision', () => {
    const touched = new ListenEntry(at('p/x'));
    const untouched = new ListenEntry(at('p/y'));
    untouched.server = { value: null, hash: 'h', rev: 0 };
    const acked = write('p/x/n', 1, 5);
    expect(isReflected(acked, [untouched])).toBe(true);
    expect(isReflected(acked, [touched, untouched])).toBe(false); // no server value yet
    touched.server = { value: null, hash: 'h', rev: 4 };
    expect(isReflected(acked, [touched])).toBe(false);
    touched.server = { value: { n: 1 }, hash: 'h', rev: 5 };
    expect(isReflected(acked, [touched])).toBe(true);
  });

  it('is false for a write not acknowledged, or acknowledged without a revision', () => {
    expect(isReflected(write('p/x/n', 1), [])).toBe(false);
    expect(isReflected({ ...write('p/x/n', 1, 1), rev: -1 }, [])).toBe(false);
  });
});
