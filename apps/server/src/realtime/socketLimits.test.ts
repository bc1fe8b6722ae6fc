// The hub's defences per socket (docs/security.md §Limits): frame size, rate limit, flooding and garbage, each closing
// or refusing only the offending socket while another client keeps its answers and events.

import { afterEach, describe, expect, it } from 'vitest';
import {
  REALTIME_CLOSE_POLICY,
  REALTIME_CLOSE_TOO_BIG,
  REALTIME_MAX_FRAME_BYTES,
  REALTIME_RATE_BURST,
  REALTIME_RATE_PER_SECOND,
} from '@marquee/protocol';
import {
  connectAs,
  newPlayer,
  startRealtimeApp,
  WireClient,
  type RealtimeTestApp,
} from '../../test/harness/realtime';
import { DEFAULT_CONNECTION_LIMITS, REALTIME_MAX_GARBAGE_FRAMES } from './hub';

describe('socket limits', () => {
  let test: RealtimeTestApp;
  afterEach(async () => {
    await test.close();
  });

  /** A second, well-behaved client that must not notice anything. */
  async function bystander() {
    const player = await newPlayer(test);
    const client = await connectAs(test, player.idToken);
    const path = `players/${player.id}/settings/name`;
    await client.ok({ t: 'listen', path });
    return {
      async stillServed(value: string) {
        await client.ok({ t: 'set', path, value });
        const events = client.eventsOf(path);
        expect(events[events.length - 1]?.value).toBe(value);
      },
    };
  }

  it(`closes the socket with ${REALTIME_CLOSE_TOO_BIG} on a frame over ${REALTIME_MAX_FRAME_BYTES} bytes`, async () => {
    test = await startRealtimeApp();
    const other = await bystander();
    const player = await newPlayer(test);
    const client = await connectAs(test, player.idToken);
    const overhead = `{"r":101,"t":"set","path":"players/${player.id}/device/x","value":""}`.length;
    // Exactly the limit passes (and is answered: the string itself is too large for a value).
    client.sendRaw(
      `{"r":101,"t":"set","path":"players/${player.id}/device/x","value":"${'x'.repeat(REALTIME_MAX_FRAME_BYTES - overhead)}"}`,
    );
    expect(await client.answerTo(101, 30_000)).toMatchObject({ ok: false, code: 'too_large' });
    client.sendRaw(
      `{"r":102,"t":"set","path":"players/${player.id}/device/x","value":"${'x'.repeat(REALTIME_MAX_FRAME_BYTES - overhead + 1)}"}`,
    );
    expect((await client.closed).code).toBe(REALTIME_CLOSE_TOO_BIG);
    await other.stillServed('after a huge frame');
  });

  it('answers rate_limited beyond the bucket, refills it over time, and closes a socket that keeps flooding', async () => {
    let now = 0;
    test = await startRealtimeApp({ realtime: { now: () => now } });
    const other = await bystander();
    const player = await newPlayer(test);
    const client = await connectAs(test, player.idToken); // the auth took one token
    const { floodTolerance } = DEFAULT_CONNECTION_LIMITS;
    for (let i = 1; i < REALTIME_RATE_BURST; i++) client.post({ t: 'time' });
    const limited = client.post({ t: 'time' });
    expect(await client.answerTo(limited)).toEqual({
      r: limited,
      ok: false,
      code: 'rate_limited',
      message: `Too many requests: at most ${REALTIME_RATE_PER_SECOND} per second (bursts of ${REALTIME_RATE_BURST}); slow down`,
    });
    expect(client.answers().filter((answer) => answer.ok)).toHaveLength(REALTIME_RATE_BURST);

    now += 1000; // a second later: REALTIME_RATE_PER_SECOND more, and as many refusals forgiven
    for (let i = 0; i < REALTIME_RATE_PER_SECOND; i++) client.post({ t: 'time' });
    const afterRefill = client.post({ t: 'time' });
    await client.answerTo(afterRefill);
    expect(client.answers().filter((answer) => answer.ok)).toHaveLength(
      REALTIME_RATE_BURST + REALTIME_RATE_PER_SECOND,
    );

    // The refill also forgave refusals: floodTolerance of them in a row are answered (the one just above was
    // the first), the next one closes the socket.
    for (let i = 0; i < floodTolerance; i++) client.post({ t: 'time' });
    const { code, reason } = await client.closed;
    expect({ code, reason }).toEqual({ code: REALTIME_CLOSE_POLICY, reason: 'Too many requests' });
    const refused = client.answers().filter((answer) => !answer.ok);
    expect(refused).toHaveLength(1 + floodTolerance);
    expect(refused.every((answer) => !answer.ok && answer.code === 'rate_limited')).toBe(true);
    await other.stillServed('after a flood');
  });

  it(`answers garbage with invalid_request and closes after ${REALTIME_MAX_GARBAGE_FRAMES} garbage frames`, async () => {
    test = await startRealtimeApp();
    const other = await bystander();
    const client = await WireClient.connect(test.url);
    const garbage: [string | Buffer, boolean, object][] = [
      ['not json', false, { message: 'Invalid request: the frame is not JSON' }],
      ['[1,2]', false, { message: 'Invalid request: a request must be a JSON object' }],
      [
        '{"r":5,"t":"fly"}',
        false,
        { r: 5, message: expect.stringMatching(/^Invalid request: "t" must be one of auth/) },
      ],
      ['{"r":6,"t":"get"}', false, { r: 6, message: 'Invalid request: "path" must be a string' }],
      ['{"r":-1,"t":"time"}', false, { message: 'Invalid request: "r" must be at least 0' }],
      [
        '{"r":7,"t":"update","path":"a/b","value":[1]}',
        false,
        { r: 7, message: 'Invalid request: "value" must be an object' },
      ],
      [
        '{"r":8,"t":"od","action":"explode","path":"a/b"}',
        false,
        { r: 8, message: 'Invalid request: "action" must be one of set, update, cancel' },
      ],
      [
        '{"r":9,"t":"cas","path":"a/b","value":1,"hash":7}',
        false,
        { r: 9, message: 'Invalid request: "hash" must be a string' },
      ],
      [Buffer.from('{"r":10,"t":"time"}'), true, { message: 'Invalid request: frames must be JSON text' }],
      ['null', false, { message: 'Invalid request: a request must be a JSON object' }],
    ];
    expect(garbage).toHaveLength(REALTIME_MAX_GARBAGE_FRAMES);
    for (const [frame, binary] of garbage) client.sendRaw(frame, { binary });
    const time = client.post({ t: 'time' });
    await client.answerTo(time);
    const answers = client.answers();
    expect(answers.slice(0, garbage.length)).toEqual(
      garbage.map(([, , expected]) => ({ ok: false, code: 'invalid_request', ...expected })),
    );
    client.sendRaw('{oops');
    expect(await client.closed).toEqual({ code: REALTIME_CLOSE_POLICY, reason: 'Too many invalid frames' });
    await other.stillServed('after garbage');
  });
});
