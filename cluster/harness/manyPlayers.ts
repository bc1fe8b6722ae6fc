// A thousand paired players for the failure tests. players.ts reads each pairing code over the REST fallback,
// which allows 600 reads a minute per address (REST_READS_PER_MINUTE), and every test client is 127.0.0.1: here
// the codes are read from the database in one query instead. Registration, sign-in and pairing still go through
// the real HTTP API.

import { queryDatabase } from './fleet';
import {
  inParallel,
  registerPlayer,
  request,
  signInWithCustomToken,
  type ClusterPlayer,
  type Operator,
} from './players';

export async function createManyPlayers(
  origin: string,
  databaseUrl: string,
  operator: Operator,
  count: number,
  concurrency = 32,
): Promise<ClusterPlayer[]> {
  const registered = await inParallel(count, concurrency, async () => {
    const { playerId, auth } = await registerPlayer(origin);
    const tokens = await signInWithCustomToken(origin, auth.firebaseTokenV2);
    return { playerId, auth, ...tokens };
  });
  const rows = await queryDatabase<{ id: string; pairing_code: string | null }>(
    databaseUrl,
    'select id, pairing_code from players where id = any($1::text[])',
    [registered.map((player) => player.playerId)],
  );
  const codes = new Map(rows.map((row) => [row.id, row.pairing_code]));
  return inParallel(count, concurrency, async (index) => {
    const player = registered[index] as (typeof registered)[number];
    const code = codes.get(player.playerId);
    if (typeof code !== 'string') throw new Error(`player ${player.playerId} has no pairing code`);
    const screen = await request(origin, 'POST', '/api/v1/screens/pair', {
      token: operator.token,
      body: { code },
    });
    if (screen.status !== 201)
      throw new Error(`pairing ${player.playerId} answered ${screen.status}: ${screen.text}`);
    return {
      playerId: player.playerId,
      screenId: (screen.body as { id: string }).id,
      idToken: player.idToken,
      refreshToken: player.refreshToken,
      customToken: player.auth.firebaseTokenV2,
      apiToken: player.auth.apiToken,
    };
  });
}
