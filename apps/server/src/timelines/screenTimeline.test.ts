// GET /screens/{id}/timeline and POST /schedules/validate through the real app (docs/schedules.md §Time rules,
// §API): a London screen across the spring change of 2026-03-29 reads +00:00 then +01:00, its 09:00-17:00 window
// opens at 09:00 local on both sides, and every segment says why its source won.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineSegment } from '@marquee/management-api';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { pairedScreen, signUpOperator, type PairedScreen } from '../../test/harness/management';

describe('a screen timeline across the spring change in London', () => {
  let test: TestApp;
  let api: Api;
  let screen: PairedScreen;
  let bare: PairedScreen;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null });
    test.clock.set(Date.parse('2026-03-27T12:00:00Z'));
    const operator = await signUpOperator(test.app, 'London');
    api = operatorApi(test.app, operator);
    screen = await pairedScreen(test.app, operator, 'Lobby');
    bare = await pairedScreen(test.app, operator, 'Bare');
    for (const target of [screen, bare]) {
      await ok(api('PATCH', `/screens/${target.screenId}`, { timezone: 'Europe/London' }));
    }
    const playlist = async (name: string) =>
      (await ok(api('POST', '/playlists', { name, items: [{ src: `https://example.com/${name}` }] }))).id;
    for (const name of ['day', 'brunch', 'lunch', 'fallback']) ids[name] = await playlist(name);
    // Made in the same millisecond of the test's clock: ties still play in creation order.
    const schedule = async (name: string, extra: object) => {
      return (
        await ok(
          api('POST', '/schedules', {
            name,
            targets: { screenIds: [screen.screenId] },
            startsOn: '2026-03-01',
            ...extra,
          }),
        )
      ).id;
    };
    ids.Day = await schedule('Day', { playlistId: ids.day, priority: 10, from: '09:00', to: '17:00' });
    ids.Brunch = await schedule('Brunch', {
      playlistId: ids.brunch,
      priority: 10,
      startsOn: '2026-03-28',
      endsOn: '2026-03-28',
      from: '11:00',
      to: '12:00',
    });
    ids.Lunch = await schedule('Lunch', {
      playlistId: ids.lunch,
      priority: 20,
      days: ['sun'],
      from: '12:00',
      to: '13:00',
    });
    await ok(api('PATCH', `/screens/${screen.screenId}`, { playlistId: ids.fallback }));
    ids.Fire = (
      await ok(
        api('POST', '/overrides', {
          name: 'Fire',
          message: 'Leave the building',
          targets: { screenIds: [screen.screenId] },
          expiresAt: '2026-03-28T01:00:00Z',
        }),
      )
    ).id;
  });
  afterAll(async () => {
    await test.close();
  });

  const timeline = (target: PairedScreen, from: string, to: string) =>
    ok(api('GET', `/screens/${target.screenId}/timeline?from=${from}&to=${to}`));

  it('answers each segment with the offset of its instant, its source and why it won', async () => {
    const answer = await timeline(screen, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z');
    expect(answer.timezone).toBe('Europe/London');
    const only = "'Day' is the only schedule active";
    const fallback = 'No schedule is active: the default content plays';
    expect(
      answer.segments.map((s: TimelineSegment) => [
        s.start,
        s.end,
        s.source.kind,
        s.source.name,
        s.playlistId,
        s.reason,
      ]),
    ).toEqual([
      [
        '2026-03-28T00:00:00+00:00',
        '2026-03-28T01:00:00+00:00',
        'override',
        'Fire',
        null,
        "Emergency override 'Fire' beats every schedule",
      ],
      [
        '2026-03-28T01:00:00+00:00',
        '2026-03-28T09:00:00+00:00',
        'default',
        'fallback',
        ids.fallback,
        fallback,
      ],
      ['2026-03-28T09:00:00+00:00', '2026-03-28T11:00:00+00:00', 'schedule', 'Day', ids.day, only],
      [
        '2026-03-28T11:00:00+00:00',
        '2026-03-28T12:00:00+00:00',
        'schedule',
        'Day',
        ids.day,
        "'Day' and 'Brunch' share priority 10 and play one after another",
      ],
      ['2026-03-28T12:00:00+00:00', '2026-03-28T17:00:00+00:00', 'schedule', 'Day', ids.day, only],
      // The clocks go forward at 01:00 UTC on the 29th: the same 09:00 local is an hour earlier in UTC.
      [
        '2026-03-28T17:00:00+00:00',
        '2026-03-29T09:00:00+01:00',
        'default',
        'fallback',
        ids.fallback,
        fallback,
      ],
      ['2026-03-29T09:00:00+01:00', '2026-03-29T12:00:00+01:00', 'schedule', 'Day', ids.day, only],
      [
        '2026-03-29T12:00:00+01:00',
        '2026-03-29T13:00:00+01:00',
        'schedule',
        'Lunch',
        ids.lunch,
        "Priority 20 beats 'Day' (10)",
      ],
      ['2026-03-29T13:00:00+01:00', '2026-03-29T17:00:00+01:00', 'schedule', 'Day', ids.day, only],
      [
        '2026-03-29T17:00:00+01:00',
        '2026-03-30T01:00:00+01:00',
        'default',
        'fallback',
        ids.fallback,
        fallback,
      ],
    ]);
    const tie = answer.segments[3];
    expect(tie.playlistIds).toEqual([ids.day, ids.brunch]);
    expect(tie.source.id).toBe(ids.Day);
    expect(answer.segments[0].message).toBe('Leave the building');
  });

  it('a screen with nothing scheduled and no default content is idle, and says so', async () => {
    const answer = await timeline(bare, '2026-03-29T00:00:00Z', '2026-03-30T00:00:00Z');
    expect(answer.segments).toEqual([
      {
        start: '2026-03-29T00:00:00+00:00',
        end: '2026-03-30T01:00:00+01:00',
        source: { kind: 'idle', id: null, name: 'Idle' },
        playlistId: null,
        playlistIds: [],
        message: null,
        reason: 'Nothing is scheduled and there is no default content',
      },
    ]);
  });

  it('refuses a range that ends before it starts or spans over 31 days, naming to', async () => {
    for (const to of ['2026-03-27T00:00:00Z', '2026-05-01T00:00:00Z']) {
      const answer = await api(
        'GET',
        `/screens/${screen.screenId}/timeline?from=2026-03-28T00:00:00Z&to=${to}`,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error.field).toBe('to');
    }
    const garbled = await api('GET', `/screens/${screen.screenId}/timeline?from=yesterday`);
    expect(garbled.status).toBe(400);
    expect(garbled.body.error.field).toBe('from');
  });

  it('validate answers where a schedule would share the top priority, and stores nothing', async () => {
    const before = await ok(api('GET', '/schedules'));
    const version = (await ok(api('GET', `/screens/${screen.screenId}`))).timeline.version;
    const candidate = {
      name: 'Happy hour',
      playlistId: ids.brunch,
      targets: { screenIds: [screen.screenId, bare.screenId] },
      startsOn: '2026-03-29',
      endsOn: '2026-03-29',
      from: '16:00',
      to: '18:00',
    };
    const tied = await ok(api('POST', '/schedules/validate', { ...candidate, priority: 10 }));
    expect(tied.overlaps).toEqual([
      {
        screen: { id: screen.screenId, name: 'Lobby' },
        schedule: { id: ids.Day, name: 'Day' },
        start: '2026-03-29T16:00:00+01:00',
        end: '2026-03-29T17:00:00+01:00',
      },
    ]);
    expect(tied.days).toBeGreaterThanOrEqual(7);
    // Above or below the others, it shares nothing.
    for (const priority of [5, 30]) {
      expect((await ok(api('POST', '/schedules/validate', { ...candidate, priority }))).overlaps).toEqual([]);
    }
    expect(await ok(api('GET', '/schedules'))).toEqual(before);
    expect((await ok(api('GET', `/screens/${screen.screenId}`))).timeline.version).toBe(version);
  });
});
