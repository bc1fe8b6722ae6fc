// What the studio knows of what a player applied (docs/schedules.md §Propagation): a screen is behind when its
// player still reports an older content version 60 s after a version was written, and an override counts as
// applied on a screen once the version its player reports carries it. Time is the app's injected clock.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorApi, ok, type Api } from '../../test/harness/api';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { bearer, pairedScreen, signUpOperator, type PairedScreen } from '../../test/harness/management';

const HOUR_MS = 60 * 60 * 1000;

describe('applied versions', () => {
  let test: TestApp;
  let api: Api;
  let a: PairedScreen;
  let b: PairedScreen;

  beforeAll(async () => {
    test = await startTestApp({ sweepTimers: null });
    const operator = await signUpOperator(test.app, 'Applied');
    api = operatorApi(test.app, operator);
    a = await pairedScreen(test.app, operator, 'A');
    b = await pairedScreen(test.app, operator, 'B');
  });
  afterAll(async () => {
    await test.close();
  });

  /** The player's heartbeat, saying which content version it applied. */
  const heartbeat = async (screen: PairedScreen, contentVersion: number) => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/_internal/players/${screen.player.id}/heartbeat`,
      headers: bearer(screen.player.auth.apiToken),
      payload: { uptime: 1, contentVersion },
    });
    expect(response.statusCode).toBeLessThan(300);
  };
  const timelineOf = async (screen: PairedScreen) =>
    (await ok(api('GET', `/screens/${screen.screenId}`))).timeline as {
      version: number;
      appliedVersion: number | null;
      behind: boolean;
    };

  it('a screen is behind only once a written version has gone unapplied for over 60 s', async () => {
    await heartbeat(a, (await timelineOf(a)).version);
    await ok(api('PATCH', `/screens/${a.screenId}`, { content: 'https://example.com/new' }));
    const written = await timelineOf(a);
    expect(written.appliedVersion).toBeLessThan(written.version);
    expect(written.behind).toBe(false);
    test.clock.advance(59_000);
    expect((await timelineOf(a)).behind).toBe(false);
    test.clock.advance(2_000);
    expect(await timelineOf(a)).toMatchObject({ behind: true, version: written.version });
    // An older version reported is still behind; the written one clears it.
    await heartbeat(a, written.version - 1);
    expect((await timelineOf(a)).behind).toBe(true);
    await heartbeat(a, written.version);
    expect(await timelineOf(a)).toMatchObject({ behind: false, appliedVersion: written.version });
  });

  it("an override's applied count follows the versions its screens report", async () => {
    const fire = await ok(
      api('POST', '/overrides', {
        name: 'Fire',
        message: 'Leave the building',
        targets: { screenIds: [a.screenId, b.screenId] },
        expiresAt: test.clock() + HOUR_MS,
      }),
    );
    expect(fire).toMatchObject({ targeted: 2, applied: 0, appliedScreenIds: [] });
    const [versionA, versionB] = [(await timelineOf(a)).version, (await timelineOf(b)).version];
    const listed = async () => (await ok(api('GET', '/overrides'))).overrides[0];
    await heartbeat(a, versionA);
    await heartbeat(b, versionB - 1);
    expect(await listed()).toMatchObject({
      id: fire.id,
      targeted: 2,
      applied: 1,
      appliedScreenIds: [a.screenId],
    });
    await heartbeat(b, versionB);
    expect((await listed()).applied).toBe(2);
    // A later change on top of the override still carries it.
    await ok(api('PATCH', `/screens/${a.screenId}`, { content: 'https://example.com/later' }));
    await heartbeat(a, (await timelineOf(a)).version);
    expect((await listed()).applied).toBe(2);
  });
});
