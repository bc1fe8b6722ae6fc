import { describe, expect, it } from 'vitest';
import { RealtimeValidationError, setAtPath, type RealtimeValue } from '@marquee/protocol';
import { documentText } from './documentText';
import {
  WriteFailure,
  changeEventText,
  planDocument,
  type ChangeEvent,
  type DocumentState,
  type Mutation,
  type PlannedWrite,
} from './writePlan';

const DOC = 'players/p1';
const limits = { maxDocumentBytes: 1000, now: 1_700_000_000_000 };
const fresh = (value: RealtimeValue, revision: number): DocumentState => ({ value, revision, fresh: true });
const hint = (value: RealtimeValue, revision: number): DocumentState => ({ value, revision, fresh: false });

const setAt = (key: string, value: RealtimeValue): PlannedWrite => ({
  changedPaths: [`${DOC}/${key}`],
  mutation: (document) => setAtPath(document, [key], value),
});
const write = (mutation: Mutation | WriteFailure): PlannedWrite => ({
  changedPaths: [`${DOC}/x`],
  mutation,
});
const stale: Mutation = (document, revision) => ({
  stale: true,
  docPath: DOC,
  revision,
  value: document,
  hash: 'h',
});
const refused: Mutation = () => {
  throw new RealtimeValidationError('invalid_value', 'refused by its check', `${DOC}/x`);
};

describe('planDocument', () => {
  it('gives each changing write the next revision and its event, and writes the last document once', () => {
    const plan = planDocument(DOC, [setAt('a', 1), setAt('b', 2)], hint({ a: 0 }, 4), limits);
    expect(plan?.outcomes).toEqual([
      {
        result: { docPath: DOC, revision: 5, changedPaths: [`${DOC}/a`] },
        event: {
          docPath: DOC,
          revision: 5,
          changedPaths: [`${DOC}/a`],
          value: { a: 1 },
          updatedAt: limits.now,
          size: 7,
        },
        text: '{"a":1}',
      },
      {
        result: { docPath: DOC, revision: 6, changedPaths: [`${DOC}/b`] },
        event: {
          docPath: DOC,
          revision: 6,
          changedPaths: [`${DOC}/b`],
          value: { a: 1, b: 2 },
          updatedAt: limits.now,
          size: 13,
        },
        text: '{"a":1,"b":2}',
      },
    ]);
    // Conditional on the revision the plan started from.
    expect(plan?.row).toEqual({
      path: DOC,
      expected: 4,
      revision: 6,
      text: '{"a":1,"b":2}',
      updatedAt: limits.now,
    });
    expect(plan?.hint).toEqual({ value: { a: 1, b: 2 }, revision: 6, size: 13 });
  });

  it('inserts a document never written: expected revision 0', () => {
    expect(planDocument(DOC, [setAt('a', 1)], fresh(null, 0), limits)?.row).toMatchObject({
      expected: 0,
      revision: 1,
    });
  });

  it('answers a write that changes nothing on the stored document with its revision, writing nothing', () => {
    const plan = planDocument(DOC, [setAt('a', 1)], fresh({ a: 1 }, 3), limits);
    expect(plan).toEqual({ outcomes: [{ result: { docPath: DOC, revision: 3, changedPaths: [] } }] });
  });

  it('asks for the stored document before answering stale, a no-op or a refusal planned on a hint', () => {
    for (const mutation of [stale, refused, (document: RealtimeValue) => document]) {
      expect(planDocument(DOC, [setAt('a', 1), write(mutation)], hint({}, 2), limits)).toBeUndefined();
      const plan = planDocument(DOC, [setAt('a', 1), write(mutation)], fresh({}, 2), limits);
      expect(plan?.outcomes).toHaveLength(2);
      expect(plan?.row).toMatchObject({ expected: 2, revision: 3 });
    }
  });

  it('answers stale with the current state of the document at that point of the batch', () => {
    const plan = planDocument(DOC, [setAt('a', 1), write(stale)], fresh({}, 2), limits);
    expect(plan?.outcomes[1]).toEqual({
      result: { stale: true, docPath: DOC, revision: 3, value: { a: 1 }, hash: 'h' },
    });
  });

  it('fails a refused write alone: the writes after it apply to the document before it', () => {
    const failure = new Error('could not prepare');
    const plan = planDocument(
      DOC,
      [setAt('a', 1), write(refused), write(new WriteFailure(failure)), setAt('b', 2)],
      fresh(null, 0),
      limits,
    );
    expect(plan?.outcomes.map((outcome) => ('error' in outcome ? 'error' : outcome.result))).toEqual([
      { docPath: DOC, revision: 1, changedPaths: [`${DOC}/a`] },
      'error',
      'error',
      { docPath: DOC, revision: 2, changedPaths: [`${DOC}/b`] },
    ]);
    expect(plan?.outcomes[2]).toEqual({ error: failure });
    expect(plan?.row?.text).toBe('{"a":1,"b":2}');
  });

  it('fails a write that would make the document larger than the limit, counting UTF-8 bytes', () => {
    const small = { ...limits, maxDocumentBytes: 30 };
    const plan = planDocument(
      DOC,
      [setAt('a', 'x'), setAt('b', 'é'.repeat(10)), setAt('c', 3)],
      fresh(null, 0),
      small,
    );
    expect(plan?.outcomes[1]).toEqual({
      error: expect.objectContaining({
        code: 'too_large',
        message: `Document "${DOC}" would be larger than 30 bytes`,
      }) as unknown,
    });
    expect(plan?.row?.text).toBe('{"a":"x","c":3}');
    // On a hint, the limit is judged on the stored document.
    expect(planDocument(DOC, [setAt('b', 'é'.repeat(15))], hint(null, 1), small)).toBeUndefined();
  });

  it('answers every write and writes nothing when none changes the document', () => {
    const plan = planDocument(DOC, [write(refused), write(stale)], fresh({ a: 1 }, 7), limits);
    expect(plan?.row).toBeUndefined();
    expect(plan?.hint).toBeUndefined();
    expect(plan?.outcomes).toHaveLength(2);
  });
});

describe('changeEventText', () => {
  it('is the JSON of the change, its value taken from the document text made for the row', () => {
    const events: ChangeEvent[] = [
      {
        docPath: 'players/p1',
        revision: 7,
        changedPaths: ['players/p1/app/status', 'players/p1/name'],
        value: {
          app: { status: 'ok', list: { first: 1, second: 'two', deep: { yes: true } } },
          name: 'Lobby "east" ✓',
        },
        updatedAt: 1_700_000_000_123,
      },
      { docPath: 'rooms/é 😀', revision: 1, changedPaths: ['rooms/é 😀/a\\b'], value: 3.5, updatedAt: 0 },
      { docPath: 'players/p2', revision: 9, changedPaths: ['players/p2'], value: null, updatedAt: 5 },
      {
        docPath: 'players/p3',
        revision: 2,
        changedPaths: ['players/p3/a'],
        value: { a: 1 },
        updatedAt: 6,
        size: 7,
      },
    ];
    for (const event of events) {
      expect(JSON.parse(changeEventText(event, documentText(event.value)))).toEqual(event);
    }
  });

  it('is made from the text each changing write of a plan carries', () => {
    const plan = planDocument(DOC, [setAt('a', 'x'), setAt('b', { c: 1 })], hint({}, 1), limits);
    const published = plan?.outcomes.map((outcome) =>
      'event' in outcome && outcome.event !== undefined && outcome.text !== undefined
        ? JSON.parse(changeEventText(outcome.event, outcome.text))
        : undefined,
    );
    expect(published).toEqual([
      {
        docPath: DOC,
        revision: 2,
        changedPaths: [`${DOC}/a`],
        value: { a: 'x' },
        updatedAt: limits.now,
        size: 9,
      },
      {
        docPath: DOC,
        revision: 3,
        changedPaths: [`${DOC}/b`],
        value: { a: 'x', b: { c: 1 } },
        updatedAt: limits.now,
        size: 21,
      },
    ]);
  });
});
