// The simulated players: each uploads its batches one after another over HTTP (keep-alive), all players at once,
// as a fleet catching up after a network outage would. The plays' JSON is made before the clock starts (only
// sentAt is added at sending), so the client's own work weighs little on the machine the server shares. Answers
// are checked: every record acknowledged, none rejected.

import http from 'node:http';
import type { PlayBatchAnswer } from '@marquee/protocol';
import { benchPlays } from './records';
import type { SeededPlayer } from './seed';

export interface UploadFigures {
  acknowledged: number;
  rejected: number;
  failedRequests: number;
  requests: number;
  seconds: number;
  /** Request latencies, ms. */
  latencies: number[];
}

function post(agent: http.Agent, origin: URL, path: string, token: string, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export async function uploadAll(
  origin: string,
  players: readonly SeededPlayer[],
  batches: number,
  size: number,
  base: number,
): Promise<UploadFigures> {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: players.length });
  const figures: UploadFigures = {
    acknowledged: 0,
    rejected: 0,
    failedRequests: 0,
    requests: 0,
    seconds: 0,
    latencies: [],
  };
  const plays = players.map((_, index) =>
    Array.from({ length: batches }, (_, batch) => JSON.stringify(benchPlays(index, batch, size, base))),
  );
  const started = performance.now();
  await Promise.all(
    players.map(async (player, index) => {
      for (let batch = 0; batch < batches; batch++) {
        const body = `{"sentAt":${Date.now()},"plays":${plays[index]![batch]!}}`;
        const sent = performance.now();
        const answer = await post(
          agent,
          url,
          `/_internal/players/${player.playerId}/plays`,
          player.apiToken,
          body,
        );
        figures.latencies.push(performance.now() - sent);
        figures.requests += 1;
        if (answer.status !== 200) {
          figures.failedRequests += 1;
          continue;
        }
        const parsed = JSON.parse(answer.body) as PlayBatchAnswer;
        figures.acknowledged += parsed.accepted + parsed.duplicates;
        figures.rejected += parsed.rejected.length;
      }
    }),
  );
  figures.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return figures;
}
