import { describe, expect, it } from 'vitest';
import { shortLocation, summarizeProfile, type CpuProfile } from './profileSummary';

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

// root → idle, root → commit → (kysely) → commit again (a recursion), root → garbage collector
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 3, 5] },
    { id: 2, callFrame: frame('(idle)', '') },
    {
      id: 3,
      callFrame: frame('commit', 'file:///work/main/apps/server/src/realtime/documentStore.ts', 259),
      children: [4],
    },
    {
      id: 4,
      callFrame: frame('', 'file:///work/main/node_modules/kysely/dist/esm/query-executor.js', 9),
      children: [6],
    },
    { id: 5, callFrame: frame('(garbage collector)', '') },
    { id: 6, callFrame: frame('commit', 'file:///work/main/apps/server/src/realtime/documentStore.ts', 259) },
  ],
  samples: [2, 3, 3, 4, 5, 6, 2, 2],
  timeDeltas: [1000, 2000, 2000, 1000, 1000, 2000, 500, 500],
};

describe('summarizeProfile', () => {
  it('adds self time per function and per file, largest first, with shares', () => {
    const summary = summarizeProfile(PROFILE);
    expect(summary.totalMs).toBe(10);
    expect(summary.idleShare).toBeCloseTo(0.2);
    expect(summary.functions[0]).toEqual({
      name: 'commit src/realtime/documentStore.ts:260',
      ms: 6,
      share: 0.6,
    });
    expect(summary.functions.map((entry) => entry.name)).toEqual([
      'commit src/realtime/documentStore.ts:260',
      '(idle) (native)',
      '(anonymous) kysely/dist/esm/query-executor.js:10',
      '(garbage collector) (native)',
    ]);
    expect(summary.files.map((entry) => [entry.name, entry.ms])).toEqual([
      ['src/realtime/documentStore.ts', 6],
      ['(idle)', 2],
      ['kysely/dist/esm/query-executor.js', 1],
      ['(garbage collector)', 1],
    ]);
  });

  it('adds inclusive time per function, once per sample however deep it recurses, without the root', () => {
    expect(summarizeProfile(PROFILE).inclusive.map((entry) => [entry.name, entry.ms, entry.share])).toEqual([
      ['commit src/realtime/documentStore.ts:260', 7, 0.7],
      ['(anonymous) kysely/dist/esm/query-executor.js:10', 3, 0.3],
      ['(idle) (native)', 2, 0.2],
      ['(garbage collector) (native)', 1, 0.1],
    ]);
  });

  it('keeps the largest `count` entries', () => {
    expect(summarizeProfile(PROFILE, 1).functions).toHaveLength(1);
  });
});

describe('shortLocation', () => {
  it('keeps packages by name and files by their last three segments', () => {
    expect(shortLocation('file:///a/node_modules/ws/lib/websocket.js')).toBe('ws/lib/websocket.js');
    expect(shortLocation('file:///work/main/apps/server/src/app.ts')).toBe('server/src/app.ts');
    expect(shortLocation('node:internal/crypto/util')).toBe('node:internal/crypto/util');
    expect(shortLocation('')).toBe('(native)');
  });
});
