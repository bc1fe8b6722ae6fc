// What the meeting-room player reports to the server, in Chromium, read back as an operator reads it: its uncaught
// errors as error reports and its warnings and errors as log lines, both under the service name 'meet-player'.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { pairedMeet, setOverriddenPlayer } from './meet.support';
import { api, signUp, waitFor, type Operator } from './player.support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startStage(['meet', 'content']));
});
afterAll(() => stopStage({ server, browser }));

/** What the studio shows of a screen's reports: `kind` is 'logs' ({lines}) or 'errors' ({errors}). */
async function reported<T>(operator: Operator, screenId: string, kind: 'logs' | 'errors'): Promise<T[]> {
  const { status, body } = await api<{ lines?: T[]; errors?: T[] }>(
    server,
    'GET',
    `/api/v1/screens/${screenId}/${kind}`,
    undefined,
    operator.token,
  );
  expect(status).toBe(200);
  return (kind === 'logs' ? body.lines : body.errors) ?? [];
}

describe('meeting player: monitoring', () => {
  it('reports uncaught errors and ships its errors under the service name meet-player', async () => {
    const operator = await signUp(server);
    const { context, page, playerId, screenId } = await pairedMeet(browser, server, operator, 'room-m1');

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('meeting room exploded');
      });
    });
    const report = await waitFor(async () =>
      (
        await reported<{ service: string; message: string; stack: string | null }>(
          operator,
          screenId,
          'errors',
        )
      ).find((candidate) => candidate.message.includes('meeting room exploded')),
    );
    expect(report.service).toBe('meet-player');
    expect(report.stack).toContain('meeting room exploded');

    // An override without a websocket pair is logged as an error; lines go out in batches every 30 s.
    await setOverriddenPlayer(server, operator, playerId, { href: `${server.url}/content/?override` });
    const line = await waitFor(
      async () =>
        (
          await reported<{ level: string; message: string; service: string | null }>(
            operator,
            screenId,
            'logs',
          )
        ).find((candidate) => candidate.message.includes('No websocket URL provided')),
      45_000,
    );
    // The line names its service; its message is as logged.
    expect(line).toMatchObject({
      level: 'error',
      service: 'meet-player',
      message: 'No websocket URL provided',
    });
    await context.close();
  });
});
