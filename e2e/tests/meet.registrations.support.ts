// For the meeting-room tests on a server that takes one registration per minute from an address
// (MARQUEE_RATE_LIMIT_REGISTRATIONS=1): makes the next registration from this machine a real 429.

import type { RunningServer } from '../harness/server';
import { waitFor } from './player.support';

/** Uses up this address's registrations for the minute (the tests and the browser share the address). */
export async function useUpRegistrations(server: RunningServer): Promise<void> {
  await waitFor(async () => {
    const response = await fetch(`${server.url}/_internal/players`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        settings: {},
        device: { id: `filler-${Date.now()}`, model: 'Test', platform: 'browser' },
      }),
    });
    return response.status === 429;
  });
}
