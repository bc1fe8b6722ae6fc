// Proof of play on a real player (docs/proof-of-play.md): a paired general player in Chromium plays a
// two-item playlist (3 s and 5 s), records a play per item shown, uploads them (the upload period shortened from
// 60 s to 2 s through the runtime configuration, playerTimings.support.ts), and the plays appear in the management
// API, as JSON and as CSV, with the durations they showed (±1 s).

import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR } from '../harness/artifacts';
import { LOCAL_START_PATTERN, type PlayBatch, type PlayRecord } from '@marquee/protocol';
import { api, pairedPlayer, usePlayerStage, waitFor } from './player.support';
import { shortenPlayerTimings } from './playerTimings.support';
import { gradientPng } from './studioJourneyAssets';

const stage = usePlayerStage(['player', 'content']);

interface PlayView {
  playId: string;
  screenId: string;
  src: string;
  name: string | null;
  startedAt: string;
  localStart: string;
  timezone: string;
  durationMs: number;
  plannedMs: number | null;
  outcome: string;
}

const SLACK_MS = 1000;

async function upload(name: string, from: [number, number, number], to: [number, number, number]) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(gradientPng(320, 180, from, to))], { type: 'image/png' }),
    name,
  );
  const response = await fetch(`${stage.server.url}/api/v1/media`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stage.operator.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload ${name}: ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/** CSV rows as records keyed by the header (no quoted commas in what this test reads). */
function csvRecords(text: string): Array<Record<string, string>> {
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const names = (header ?? '').split(',');
  return rows.map((row) => {
    const cells = row.split(',');
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? '']));
  });
}

describe('content player: proof of play', () => {
  it('plays a two-item playlist and the plays appear in the API and the CSV with their durations', async () => {
    const first = await upload('first.png', [20, 40, 90], [90, 140, 220]);
    const second = await upload('second.png', [140, 40, 20], [240, 180, 60]);
    const playlist = await api<{ id: string }>(
      stage.server,
      'POST',
      '/api/v1/playlists',
      {
        name: 'Proof',
        items: [
          { src: first, durationMs: 3000 },
          { src: second, durationMs: 5000 },
        ],
      },
      stage.operator.token,
    );
    expect(playlist.status).toBe(201);

    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await shortenPlayerTimings(context, { playUploadIntervalMs: 2000 });
    // What the content frame uploads, as sent (the route's answer aside).
    const uploaded: PlayRecord[] = [];
    context.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        /\/_internal\/players\/[^/]+\/plays$/.test(new URL(request.url()).pathname)
      ) {
        uploaded.push(...((JSON.parse(request.postData() ?? '{}') as PlayBatch).plays as PlayRecord[]));
      }
    });
    await page.reload();
    const from = new Date().toISOString();
    const patched = await api(
      stage.server,
      'PATCH',
      `/api/v1/screens/${screenId}`,
      { playlistId: playlist.body.id },
      stage.operator.token,
    );
    expect(patched.status).toBe(200);

    // The player records each item it shows and uploads it within the shortened period.
    const sent = await waitFor(() => {
      const completed = uploaded.filter((play) => play.outcome === 'completed');
      return Promise.resolve(completed.length >= 4 ? completed : null);
    }, 60_000);
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.writeFileSync(
      join(ARTIFACTS_DIR, 'proof-of-play-durations.json'),
      JSON.stringify(
        sent.map((play) => ({ plannedMs: play.plannedMs, durationMs: play.durationMs })),
        null,
        2,
      ),
    );
    for (const play of sent) {
      expect(play.playlistId).toBe(playlist.body.id);
      expect(play.localStart).toMatch(LOCAL_START_PATTERN);
      expect(Math.abs(play.durationMs - (play.plannedMs ?? 0))).toBeLessThanOrEqual(SLACK_MS);
    }

    const query = () =>
      new URLSearchParams({ from, to: new Date(Date.now() + 60_000).toISOString(), screenId }).toString();
    // Two full rounds of the playlist, uploaded.
    const plays = await waitFor(async () => {
      const { status, body } = await api<{ plays: PlayView[] }>(
        stage.server,
        'GET',
        `/api/v1/plays?${query()}`,
        undefined,
        stage.operator.token,
      );
      if (status !== 200) throw new Error(`GET /api/v1/plays answered ${status}`);
      const completed = body.plays.filter((play) => play.outcome === 'completed');
      return completed.length >= 4 ? completed : null;
    }, 60_000);

    for (const play of plays) {
      expect(play.screenId).toBe(screenId);
      expect(play.localStart).toMatch(LOCAL_START_PATTERN);
      expect(play.timezone.length).toBeGreaterThan(0);
      const planned = play.plannedMs ?? 0;
      expect([3000, 5000]).toContain(planned);
      expect(Math.abs(play.durationMs - planned)).toBeLessThanOrEqual(SLACK_MS);
    }
    expect(new Set(plays.map((play) => play.plannedMs))).toEqual(new Set([3000, 5000]));

    const csv = await fetch(`${stage.server.url}/api/v1/plays?${query()}&format=csv`, {
      headers: { Authorization: `Bearer ${stage.operator.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type') ?? '').toMatch(/text\/csv/);
    const rows = csvRecords(await csv.text());
    for (const column of ['play_id', 'started_at_utc', 'local_start', 'duration_ms', 'outcome']) {
      expect(Object.keys(rows[0] ?? {})).toContain(column);
    }
    for (const play of plays) {
      const row = rows.find((candidate) => candidate.play_id === play.playId);
      expect(row, `the CSV holds play ${play.playId}`).toBeDefined();
      expect(Number(row!.duration_ms)).toBe(play.durationMs);
      expect(row!.outcome).toBe('completed');
      expect(row!.local_start).toMatch(LOCAL_START_PATTERN);
    }
    await context.close();
  });
});
