import { describe, expect, it } from 'vitest';
import { ListenRegistry, type Listener } from './listens';

const listener = (): Listener => ({ value: () => {}, cancel: () => {} });

describe('ListenRegistry', () => {
  it('counts callbacks per path: only the first add and the last remove reach the hub', () => {
    const registry = new ListenRegistry();
    const a = listener();
    const b = listener();
    const first = registry.add(['players', 'p', 'settings'], a);
    const second = registry.add(['players', 'p', 'settings'], b);
    expect(first.first).toBe(true);
    expect(second.first).toBe(false);
    expect(second.entry).toBe(first.entry);
    expect(first.entry.path).toBe('players/p/settings');
    expect(registry.remove(first.entry, a)).toBe(false);
    expect(registry.remove(first.entry, a)).toBe(false); // already gone: nothing happens twice
    expect(registry.size).toBe(1);
    expect(registry.remove(first.entry, b)).toBe(true);
    expect(registry.size).toBe(0);
    expect(registry.isActive(first.entry)).toBe(false);
  });

  it('a path listened again after its last callback left is a new entry', () => {
    const registry = new ListenRegistry();
    const a = listener();
    const old = registry.add(['players', 'p'], a).entry;
    registry.remove(old, a);
    const again = registry.add(['players', 'p'], a);
    expect(again.first).toBe(true);
    expect(again.entry).not.toBe(old);
    expect(registry.remove(old, a)).toBe(false);
    expect(registry.isActive(again.entry)).toBe(true);
  });

  it('delete removes an entry whatever its callbacks, returning them', () => {
    const registry = new ListenRegistry();
    const a = listener();
    const b = listener();
    const { entry } = registry.add(['players', 'p'], a);
    registry.add(['players', 'p'], b);
    expect(registry.delete(entry)).toEqual([a, b]);
    expect(registry.delete(entry)).toEqual([]);
    expect(registry.size).toBe(0);
  });

  it('finds the entries a change touches, and those containing a path nearest first', () => {
    const registry = new ListenRegistry();
    for (const path of [
      'players/p',
      'players/p/settings',
      'players/p/settings/name',
      'players/q',
      'players/p/app',
    ]) {
      registry.add(path.split('/'), listener());
    }
    const paths = (entries: { path: string }[]) => entries.map((entry) => entry.path).sort();
    expect(paths(registry.overlapping(['players', 'p', 'settings']))).toEqual([
      'players/p',
      'players/p/settings',
      'players/p/settings/name',
    ]);
    expect(registry.containing(['players', 'p', 'settings', 'name', 'x']).map((entry) => entry.path)).toEqual(
      ['players/p/settings/name', 'players/p/settings', 'players/p'],
    );
    expect(registry.containing(['players'])).toEqual([]);
  });
});
