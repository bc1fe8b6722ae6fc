// playerShapeCheck on its own: a write of one field of a branch that fitted before is judged on that field alone
// (playerShape.ts fieldFits), and every answer is the one the whole branch's parse gives.

import { describe, expect, it } from 'vitest';
import { normalizeForWrite, parsePath, setAtPath, type RealtimeValue } from '@marquee/protocol';
import { playerShapeCheck } from './playerShape';

const player = { kind: 'player', uid: 'p1' } as const;
const DOC = 'players/p1';

/** The set of `value` at `relative` on `before`, and what its check says: 'fits' or the refusal's message. */
function judged(before: RealtimeValue, relative: string, value: unknown) {
  const segments = parsePath(`${DOC}/${relative}`);
  const after = setAtPath(before, segments.slice(2), normalizeForWrite(value, segments));
  try {
    playerShapeCheck(player, [segments])!(after, before);
    return { after, verdict: 'fits' };
  } catch (error) {
    return { after, verdict: (error as Error).message };
  }
}

const verdict = (before: RealtimeValue, relative: string, value: unknown) =>
  judged(before, relative, value).verdict;

/** The same write judged on a copy of `before` never seen by a check: the whole branch is parsed. */
function wholeBranchVerdict(before: RealtimeValue, relative: string, value: unknown): string {
  return verdict(structuredClone(before), relative, value);
}

/** A document holding `branch` as a write that a check found fitting stored it. */
function fitted(branch: string, value: unknown): RealtimeValue {
  const { after, verdict } = judged(null, branch, value);
  expect(verdict).toBe('fits');
  return after;
}

describe('a write of one field of a branch that fitted', () => {
  const cases: [string, Record<string, unknown>, string, unknown][] = [
    ['a valid name', { settings: { name: 'Lobby' } }, 'settings/name', 'Hall'],
    ['a name too long', { settings: { name: 'Lobby' } }, 'settings/name', 'x'.repeat(121)],
    ['a mute that is not a boolean', { settings: { name: 'Lobby', mute: true } }, 'settings/mute', 'loud'],
    ['an object where a string goes', { settings: { name: 'Lobby' } }, 'settings/orientation', { a: 1 }],
    ['an unknown member', { settings: { name: 'Lobby' } }, 'settings/extra', { any: 'thing' }],
    ['a removed name (it defaults)', { settings: { name: 'Lobby', mute: false } }, 'settings/name', null],
    ['a removed required field', { connection: { connected: true, id: 'c1' } }, 'connection/connected', null],
    ['a connection flag', { connection: { connected: true } }, 'connection/connected', false],
    ['a wrong log level', { logging: { logLevel: 2 } }, 'logging/logLevel', 'chatty'],
    // Objects whose members are all array indices read back as arrays, which a branch never is.
    ['an index member that turns the branch into an array', { settings: { '3': 'x' } }, 'settings/1', 'y'],
    [
      'a removal that leaves only index members',
      { settings: { name: 'A', '1': 'x' } },
      'settings/name',
      null,
    ],
  ];

  for (const [name, document, relative, value] of cases) {
    it(`gives the whole branch's answer: ${name}`, () => {
      const branch = relative.split('/')[0]!;
      const before = fitted(branch, document[branch]);
      expect(verdict(before, relative, value)).toBe(wholeBranchVerdict(before, relative, value));
    });
  }

  it('refuses with the message naming the field', () => {
    const before = fitted('settings', { name: 'Lobby', mute: true });
    expect(verdict(before, 'settings/mute', 'loud')).toBe(
      'Invalid value at path "players/p1/settings/mute": must be a boolean',
    );
    expect(verdict(fitted('settings', { '3': 'x' }), 'settings/1', 'y')).toMatch(
      /^Invalid value at path "players\/p1\/settings"/,
    );
  });

  it('judges the whole branch when the branch before did not fit (stored by the server, say)', () => {
    const before: RealtimeValue = { settings: { name: 'Lobby', mute: 'loud' } };
    expect(verdict(before, 'settings/name', 'Hall')).toBe(
      'Invalid value at path "players/p1/settings/mute": must be a boolean',
    );
  });
});

describe("one check over a screen's run of writes of its field", () => {
  const segments = parsePath(`${DOC}/settings/name`);

  /** Applies `value` with `check` on `before`: the document after, or the refusal's message. */
  function write(check: ReturnType<typeof playerShapeCheck>, before: RealtimeValue, value: unknown) {
    const after = setAtPath(before, segments.slice(2), normalizeForWrite(value, segments));
    try {
      check!(after, before);
      return { after, verdict: 'fits' };
    } catch (error) {
      return { after: before, verdict: (error as Error).message };
    }
  }

  it("gives the whole branch's answer at every write, refusals included", () => {
    const check = playerShapeCheck(player, [segments]);
    let document = fitted('settings', { name: 'Lobby', mute: true });
    const values = ['Hall', 'x'.repeat(121), 'Front desk', 7, null, 'Lobby again'];
    for (const value of values) {
      const expected = wholeBranchVerdict(document, 'settings/name', value);
      const { after, verdict } = write(check, document, value);
      expect(verdict).toBe(expected);
      document = after;
    }
  });

  it('judges the whole branch when another writer changed it in between', () => {
    const check = playerShapeCheck(player, [segments]);
    const first = write(check, fitted('settings', { name: 'Lobby' }), 'Hall');
    expect(first.verdict).toBe('fits');
    // Stored by the server beside the screen's writes, not fitting the schema.
    const changed = setAtPath(first.after, ['settings', 'mute'], 'loud');
    expect(write(check, changed, 'Front desk').verdict).toBe(
      'Invalid value at path "players/p1/settings/mute": must be a boolean',
    );
  });
});
