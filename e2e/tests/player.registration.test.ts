// First registration to pairing code, and pairing to content, in real Chromium against the real server.

import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import {
  FRAME,
  contentFrame,
  localValue,
  newPlayerPage,
  pair,
  pairingCodeOf,
  playerIdOf,
  signUp,
} from './player.support';

const stage = useStage(['player', 'content']);

describe('general player: registration and pairing', () => {
  it('registers on first start, shows the pairing page with its code, and answers getPairingCode over the bridge', async () => {
    const { context, page } = await newPlayerPage(stage.browser, `${stage.server.url}/`);
    const playerId = await playerIdOf(page);
    const auth = (await localValue(page, 'auth')) as Record<string, string>;
    expect(Object.keys(auth).sort()).toEqual(['apiToken', 'firebaseTokenV2', 'secret']);
    // A free device id becomes the player id (the identity's uid).
    expect(await localValue(page, 'deviceId')).toBe(playerId);
    const frame = await contentFrame(page, '/content/pair');
    expect(await page.getAttribute(FRAME, 'src')).toBe(`${stage.server.url}/content/pair`);
    // The pairing page shows the code it got from the player over the bridge (getPairingCode).
    const code = await pairingCodeOf(page);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    await frame.waitForFunction(
      (wanted) => document.body.innerText.replace(/\s/g, '').includes(wanted),
      code,
    );
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'general-player-pairing-code');
    await context.close();
  });

  it('pairs through the management API, rotates its credentials and loads the content in the frame', async () => {
    const operator = await signUp(stage.server);
    const { context, page } = await newPlayerPage(stage.browser, `${stage.server.url}/`);
    const before = (await localValue(page, 'auth')) as { apiToken: string } | null;
    await contentFrame(page, '/content/pair');
    const code = await pairingCodeOf(page);
    await pair(stage.server, operator, code, 'Lobby');
    await contentFrame(page, '/content/');
    // The frame is briefly absent while the player applies its rotated credentials (the shimmer shows).
    await page.waitForFunction(() => {
      const frame = document.querySelector<HTMLIFrameElement>('#sc-player-frame');
      return frame !== null && !new URL(frame.src).pathname.endsWith('/pair');
    });
    // reset_credentials: new auth carrying org_id and screen_id, the content URL kept as __sc_player_url. Waited for
    // by its claims, not as "another token": read before the player registered, `before` is null, and the first
    // token (no org yet) differs from it too.
    await page.waitForFunction((old) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { apiToken: string } | null;
      if (auth === null || auth.apiToken === old) return false;
      const payload = (auth.apiToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
      return (JSON.parse(atob(payload)) as { org_id?: unknown }).org_id !== undefined;
    }, before?.apiToken);
    const auth = (await localValue(page, 'auth')) as { apiToken: string };
    const claims = JSON.parse(
      Buffer.from(auth.apiToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims.org_id).toBe(operator.orgId);
    expect(typeof claims.screen_id).toBe('string');
    expect(await localValue(page, '__sc_player_url')).toBe(`${stage.server.url}/content/`);
    await page.waitForTimeout(1000);
    await saveScreenshot(page, 'general-player-paired-content');
    await context.close();
  });
});
