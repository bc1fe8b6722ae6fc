// The plays' retention (docs/proof-of-play.md §Retention) with a faked clock and the sweep's timer driven by hand:
// raw plays go after MARQUEE_PLAYS_RAW_DAYS, rollups after MARQUEE_PLAYS_ROLLUP_DAYS, on both engines.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { handDrivenSweepTimers } from '../../test/harness/sweepTimers';
import { pairedScreen, signUpOperator } from '../../test/harness/management';
import { play, uploadPlays } from '../../test/harness/plays';
import { PLAY_RETENTION_SWEEP_MS } from './playRetentionSweep';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(['sqlite', 'postgres'] as const)('plays retention (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  const { timers, runs } = handDrivenSweepTimers();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({
      database: database.handle,
      sweepTimers: null,
      playRetentionTimers: timers,
      env: { MARQUEE_PLAYS_RAW_DAYS: '30', MARQUEE_PLAYS_ROLLUP_DAYS: '60' },
    });
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const count = async (table: 'plays' | 'play_rollups') =>
    Number(
      (
        await test.app.services.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Runs the sweep the app scheduled, to its end (the next tick would be skipped while one still runs). */
  const sweep = () => runs[0]!.run();

  it('deletes raw plays after the raw retention and rollups after theirs, hourly', async () => {
    expect(runs.map((entry) => entry.ms)).toEqual([PLAY_RETENTION_SWEEP_MS]);
    const start = test.clock();
    const screen = await pairedScreen(test.app, await signUpOperator(test.app, 'Retention Org'));
    // Two plays in different hours today, and one a day later.
    await uploadPlays(test.app, screen.player, [play(start - 2 * 60 * 60 * 1000), play(start - 1000)]);
    test.clock.advance(DAY_MS);
    await uploadPlays(test.app, screen.player, [play(test.clock() - 1000)]);

    // 30 days and a bit after the first plays: those two go, their rollups stay.
    test.clock.set(start + 30 * DAY_MS + 1000);
    await sweep();
    expect([await count('plays'), await count('play_rollups')]).toEqual([1, 3]);

    test.clock.set(start + 60 * DAY_MS + 1000);
    await sweep();
    expect([await count('plays'), await count('play_rollups')]).toEqual([0, 1]);

    test.clock.set(start + 61 * DAY_MS + 1000);
    await sweep();
    expect([await count('plays'), await count('play_rollups')]).toEqual([0, 0]);
  });
});
