import { describe, expect, it } from 'vitest';
import { diffRows } from './auditDiff';

describe('diffRows', () => {
  it('lists every key of a created or deleted thing as changed', () => {
    expect(diffRows(null, { name: 'Lobby' })).toEqual([
      { key: 'name', before: '', after: '"Lobby"', changed: true },
    ]);
  });

  it('compares nested values whole', () => {
    const rows = diffRows({ items: [1, 2], name: 'A' }, { items: [2, 1], name: 'A' });
    expect(rows.map((row) => [row.key, row.changed])).toEqual([
      ['items', true],
      ['name', false],
    ]);
  });
});
