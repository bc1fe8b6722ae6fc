// Hostile clients: well over 10,000 malformed and hostile frames (bad JSON, wrong types, huge payloads, deep
// nesting, forbidden keys and paths, non-finite numbers, prototype pollution, floods). The hub must answer each
// readable request exactly once and never with an internal error, store nothing, and keep serving a bystander.

import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_STRING_BYTES,
  REALTIME_CLOSE_POLICY,
  REALTIME_CLOSE_TOO_BIG,
  REALTIME_MAX_FRAME_BYTES,
  REALTIME_RATE_BURST,
} from '@marquee/protocol';
import {
  WireClient,
  connectAs,
  newPlayer,
  startRealtimeApp,
  type RealtimePlayer,
  type RealtimeTestApp,
} from '../../test/harness/realtime';
import { REALTIME_MAX_GARBAGE_FRAMES } from './hub';
import { valueHash } from './valueHash';

const SEED = 20_250_115;
const WRITE_TYPES = new Set(['set', 'update', 'remove', 'cas', 'od:set', 'od:update', 'od:cancel']);

interface Frame {
  text: string;
  /** The request id the hub can read, when the frame has one. */
  r?: number;
  /** The request type, when readable. */
  t?: string;
}

/** Frames aimed at `self` (an authenticated player) that must all be refused or be harmless reads. */
function hostileFrames(self: string, other: string): Frame[] {
  const own = `players/${self}`;
  let nextR = 1_000;
  const framed = (request: Record<string, unknown>): Frame => {
    const r = nextR++;
    const t = request.t === 'od' ? `od:${String(request.action)}` : String(request.t);
    return { text: JSON.stringify({ ...request, r }), r, t };
  };
  const raw = (text: string, r?: number, t?: string): Frame => ({ text, r, t });
  const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number) =>
    fc.sample(arbitrary, { numRuns, seed: SEED });

  const forbiddenKey = fc.oneof(
    fc
      .constantFrom('.', '#', '$', '/', '[', ']')
      .chain((char) =>
        fc.tuple(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 })).map(([a, b]) => `${a}${char}${b}`),
      ),
    fc.constantFrom('', '__proto__', 'a\u0000b', '\u001f', '\u007f', 'x'.repeat(769)),
  );
  // A JSON value with one forbidden key somewhere inside.
  const poisoned = fc
    .tuple(
      fc.jsonValue({ maxDepth: 3 }),
      forbiddenKey,
      fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 4 }),
    )
    .map(([value, key, path]) => {
      let node: unknown = { [key]: value };
      for (const segment of path.reverse()) node = { [segment]: node };
      return node;
    });
  const allowed = fc.constantFrom(
    `${own}/settings`,
    `${own}/settings/name`,
    `${own}/connection`,
    `${own}/device/x`,
  );
  const forbiddenPath = fc.constantFrom(
    own,
    `${own}/action_flags`,
    `${own}/action_flags/reboot`,
    `${own}/pairing/code`,
    `${own}/app`,
    `${own}/app/url`,
    `${own}/logging`,
    `players/${other}`,
    `players/${other}/settings/name`,
    `players/${other}/connection`,
    'orgs/acme',
  );
  const invalidPath = fc.oneof(
    fc.constantFrom(
      '',
      '/',
      'players',
      '.info/connected',
      `${own}/a.b`,
      `${own}/a#b`,
      `${own}/[0]`,
      `${own}/$x`,
    ),
    fc.string({ maxLength: 30 }).filter((path) => !path.startsWith(own)),
  );
  const write = (path: fc.Arbitrary<string>, value: fc.Arbitrary<unknown>) =>
    fc.oneof(
      fc.record({ t: fc.constant('set'), path, value }),
      fc.record({ t: fc.constant('update'), path, value: value.map((v) => ({ k: v })) }),
      fc.record({ t: fc.constant('cas'), path, value, hash: fc.constant(valueHash('never')) }),
      fc.record({ t: fc.constant('od'), action: fc.constant('set'), path, value }),
      fc.record({
        t: fc.constant('od'),
        action: fc.constant('update'),
        path,
        value: value.map((v) => ({ k: v })),
      }),
    );

  const frames: Frame[] = [];
  // Not JSON at all.
  for (const text of sample(fc.string({ maxLength: 40 }), 1500)) {
    try {
      JSON.parse(text);
    } catch {
      frames.push(raw(text));
    }
  }
  for (const text of ['{', '{"r":1', '[', '"', 'nul', '{"r":1,"t":"get","path":"a/b"', '\u0000', '{}}']) {
    frames.push(raw(text));
  }
  // JSON of the wrong shape: any value, or a request-like object with fields of random types.
  for (const value of sample(fc.jsonValue({ maxDepth: 2 }), 1000)) frames.push(raw(JSON.stringify(value)));
  const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.double(), fc.constant(-1));
  for (const request of sample(
    fc.record(
      {
        t: fc.oneof(
          fc.constantFrom('listen', 'get', 'set', 'update', 'remove', 'cas', 'od', 'time', 'fly'),
          anything,
        ),
        path: fc.oneof(invalidPath, forbiddenPath, anything),
        value: anything,
        hash: anything,
        action: fc.oneof(fc.constantFrom('set', 'update', 'cancel', 'explode'), anything),
      },
      { requiredKeys: [] },
    ),
    2500,
  )) {
    frames.push(framed(request));
  }
  // Unreadable or hostile request ids.
  for (const r of [-1, 1.5, 1e300, '7', null, true, [1], { n: 1 }]) {
    frames.push(raw(JSON.stringify({ r, t: 'time' })));
  }
  // Forbidden keys in otherwise allowed writes.
  for (const request of sample(write(allowed, poisoned), 2000)) frames.push(framed(request));
  // Update keys that are not paths, or overlap.
  // (A slash separates the segments of an update key: only the other characters are forbidden there.)
  for (const key of sample(
    forbiddenKey.filter((key) => !key.includes('/')),
    300,
  )) {
    frames.push(framed({ t: 'update', path: `${own}/settings`, value: { [key]: 1 } }));
  }
  frames.push(framed({ t: 'update', path: `${own}/settings`, value: { a: 1, 'a/b': 2 } }));
  frames.push(framed({ t: 'update', path: `${own}/settings`, value: { 'a/b': 1, 'a//b': 2 } }));
  // Valid values at forbidden or invalid paths.
  for (const request of sample(write(forbiddenPath, fc.jsonValue({ maxDepth: 2 })), 2000))
    frames.push(framed(request));
  for (const request of sample(write(invalidPath, fc.jsonValue({ maxDepth: 2 })), 800))
    frames.push(framed(request));
  for (const path of sample(fc.oneof(forbiddenPath, invalidPath), 300)) {
    frames.push(framed({ t: 'get', path }), framed({ t: 'listen', path }), framed({ t: 'remove', path }));
  }
  // Non-finite numbers, which only JSON literals can carry.
  for (const [index, literal] of ['1e999', '-1e999', '[1,2,1e400]', '{"a":{"b":-9e999}}'].entries()) {
    for (const t of ['set', 'cas']) {
      const r = nextR++;
      const hash = t === 'cas' ? `,"hash":"${valueHash(null)}"` : '';
      frames.push(
        raw(`{"r":${r},"t":"${t}","path":"${own}/device/n${index}","value":${literal}${hash}}`, r, t),
      );
    }
  }
  // Deep nesting: past the depth limit inside a value, and absurdly deep frames.
  for (const depth of [33, 40, 100, 1_000, 10_000]) {
    const r = nextR++;
    const value = `${'{"k":'.repeat(depth)}1${'}'.repeat(depth)}`;
    frames.push(raw(`{"r":${r},"t":"set","path":"${own}/device","value":${value}}`, r, 'set'));
  }
  frames.push(raw('['.repeat(100_000) + ']'.repeat(100_000)), raw('{"a":'.repeat(50_000)));
  // Prototype pollution attempts.
  for (const text of [
    `{"r":${nextR++},"t":"set","path":"${own}/settings","value":{"__proto__":{"polluted":true}}}`,
    `{"r":${nextR++},"t":"update","path":"${own}/settings","value":{"__proto__":{"polluted":true}}}`,
    `{"r":${nextR++},"t":"update","path":"${own}/settings","value":{"constructor":{"prototype":{"polluted":true}},"__proto__":1}}`,
    '{"__proto__":{"polluted":true},"r":1}',
  ]) {
    frames.push(raw(text));
  }
  // Strings over the limit (the frame itself fits).
  for (let i = 0; i < 3; i++) {
    frames.push(
      framed({ t: 'set', path: `${own}/device/blob`, value: 'x'.repeat(MAX_STRING_BYTES + 1 + i) }),
    );
  }
  frames.push(
    framed({ t: 'update', path: own, value: { 'device/a': 'é'.repeat(MAX_STRING_BYTES / 2 + 1) } }),
  );
  return frames;
}

describe('fuzz', () => {
  let test: RealtimeTestApp;
  afterEach(async () => {
    await test.close();
  });

  async function storedState() {
    const { db } = test.app.services;
    return {
      documents: await db.selectFrom('realtime_documents').selectAll().orderBy('path').execute(),
      armed: await db.selectFrom('armed_disconnects').selectAll().execute(),
    };
  }

  /** A well-behaved client that checks, now and then, that it is still served. */
  async function bystander(player: RealtimePlayer) {
    const client = await connectAs(test, player.idToken);
    const path = `players/${player.id}/settings/name`;
    await client.ok({ t: 'listen', path });
    let round = 0;
    return async () => {
      const value = `still here ${++round}`;
      await client.ok({ t: 'set', path, value });
      await client.waitFor(() => client.eventsOf(path).find((event) => event.value === value), 5_000);
    };
  }

  it('refuses every hostile frame, answering each readable one once, and stores nothing', async () => {
    test = await startRealtimeApp({
      // Limits out of the way: here every frame must reach the validators.
      realtime: { ratePerSecond: 1e9, rateBurst: 1e9, maxGarbageFrames: 1e9 },
    });
    const attacker = await newPlayer(test);
    const victim = await newPlayer(test);
    const check = await bystander(victim);
    const frames = hostileFrames(attacker.id, victim.id);
    expect(frames.length).toBeGreaterThan(10_000);

    const before = await storedState();
    const client = await connectAs(test, attacker.idToken);
    const expected = new Map<number, string>();
    for (const [index, frame] of frames.entries()) {
      client.sendRaw(frame.text);
      if (frame.r !== undefined) expected.set(frame.r, frame.t ?? '');
      if (index % 1000 === 999) {
        await client.ok({ t: 'time' });
        await check();
      }
    }
    const answerCounts = () => {
      const counts = new Map<number, number>();
      for (const answer of client.answers()) {
        if (answer.r !== undefined) counts.set(answer.r, (counts.get(answer.r) ?? 0) + 1);
      }
      return counts;
    };
    const unanswered = () => {
      const counts = answerCounts();
      return [...expected.keys()].filter((r) => !counts.has(r));
    };
    await expect.poll(unanswered, { timeout: 30_000, interval: 100 }).toEqual([]);
    await client.ok({ t: 'time' });

    const answers = client.answers();
    const counts = answerCounts();
    expect([...expected.keys()].filter((r) => counts.get(r) !== 1)).toEqual([]);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'internal')).toEqual([]);
    // The only requests that may succeed are the ones that change nothing.
    const succeededWrites = answers.filter(
      (answer) => answer.ok && answer.r !== undefined && WRITE_TYPES.has(expected.get(answer.r) ?? ''),
    );
    // (A cancel of nothing armed succeeds and changes nothing.)
    expect(succeededWrites.filter((answer) => expected.get(answer.r!) !== 'od:cancel')).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // A frame over the size limit closes only the attacker.
    client.sendRaw(`"${'x'.repeat(REALTIME_MAX_FRAME_BYTES)}"`);
    expect((await client.closed).code).toBe(REALTIME_CLOSE_TOO_BIG);
    await check();
    await expect.poll(() => test.app.realtimeHub.stats().connections).toBe(1);
    const after = await storedState();
    // The bystander's own writes changed its own document only.
    expect(after.armed).toEqual([]);
    expect(after.documents.filter((row) => row.path !== `players/${victim.id}`)).toEqual(
      before.documents.filter((row) => row.path !== `players/${victim.id}`),
    );
  }, 120_000);

  it('closes flooding and garbage-sending sockets with the default limits, and serves the others', async () => {
    test = await startRealtimeApp();
    const attacker = await newPlayer(test);
    const victim = await newPlayer(test);
    const check = await bystander(victim);
    const before = await storedState();
    let sent = 0;

    // Floods of writes to forbidden places: refused, rate limited, then closed.
    for (let round = 0; round < 3; round++) {
      const client = await connectAs(test, attacker.idToken);
      for (let i = 0; i < 4 * REALTIME_RATE_BURST; i++, sent++) {
        client.post({ t: 'set', path: `players/${victim.id}/settings/name`, value: i });
      }
      expect((await client.closed).code).toBe(REALTIME_CLOSE_POLICY);
      const codes = new Set(client.answers().map((answer) => (answer.ok ? 'ok' : answer.code)));
      expect([...codes].sort()).toEqual(['ok', 'permission_denied', 'rate_limited']); // ok: the auth
      await check();
    }
    // Garbage from many sockets: each is closed after its tolerance.
    for (let round = 0; round < 20; round++) {
      const client = await WireClient.connect(test.url);
      for (let i = 0; i <= REALTIME_MAX_GARBAGE_FRAMES + 5; i++, sent++) client.sendRaw(`{garbage ${i}`);
      expect(await client.closed).toEqual({ code: REALTIME_CLOSE_POLICY, reason: 'Too many invalid frames' });
    }
    await check();
    expect(sent).toBeGreaterThan(4_000);
    const after = await storedState();
    expect(after.armed).toEqual([]);
    expect(after.documents.filter((row) => row.path !== `players/${victim.id}`)).toEqual(
      before.documents.filter((row) => row.path !== `players/${victim.id}`),
    );
    const name = (await test.app.services.documents.get(`players/${victim.id}/settings/name`)).value;
    expect(name).toMatch(/^still here/);
  }, 60_000);
});
