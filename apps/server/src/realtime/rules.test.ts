import { describe, expect, it } from 'vitest';
import { RealtimeRules, samePrincipal, type Principal } from './rules';

const orgs: Record<string, string | null> = { paired: 'org1', elsewhere: 'org2', unpaired: null };
const rules = new RealtimeRules(async (playerId) => orgs[playerId] ?? null);
const player: Principal = { kind: 'player', uid: 'me' };
const operator: Principal = { kind: 'operator', uid: 'op', orgId: 'org1' };
const split = (path: string) => path.split('/');

describe('RealtimeRules', () => {
  it.each([
    ['players/me/connection', true],
    ['players/me/connection/connected', true],
    ['players/me/settings', true],
    ['players/me/settings/name', true],
    ['players/me/device', true],
    ['players/me/device/memory/total', true],
    ['players/me', false],
    ['players/me/action_flags', false],
    ['players/me/action_flags/reboot', false],
    ['players/me/pairing/code', false],
    ['players/me/app', false],
    ['players/me/app/url', false],
    ['players/me/logging', false],
    ['players/me/overridden_player', false],
    ['players/other/connection', false],
    ['players/other/settings/name', false],
    ['players', false],
    ['orgs/me/connection', false],
  ])('lets a player write %s: %s', (path, allowed) => {
    expect(rules.mayWrite(player, split(path))).toBe(allowed);
  });

  it('lets operators and the unauthenticated write nothing', () => {
    expect(rules.mayWrite(operator, split('players/paired/settings/name'))).toBe(false);
    expect(rules.mayWrite(null, split('players/me/connection'))).toBe(false);
  });

  it.each([
    [player, 'players/me', true],
    [player, 'players/me/action_flags/reboot', true],
    [player, 'players/other', false],
    [player, 'players/other/settings', false],
    [player, 'other/me', false],
    [operator, 'players/paired', true],
    [operator, 'players/paired/connection', true],
    [operator, 'players/elsewhere', false],
    [operator, 'players/unpaired', false],
    [operator, 'players/unknown', false],
    [{ kind: 'operator', uid: 'op', orgId: null } satisfies Principal, 'players/unpaired', false],
    [null, 'players/me', false],
  ] as [Principal | null, string, boolean][])('lets %j read %s: %s', async (who, path, allowed) => {
    expect(await rules.mayRead(who, split(path))).toBe(allowed);
  });
});

describe('samePrincipal', () => {
  it('compares kind, uid and organisation', () => {
    expect(samePrincipal(player, { kind: 'player', uid: 'me' })).toBe(true);
    expect(samePrincipal(player, { kind: 'player', uid: 'you' })).toBe(false);
    expect(samePrincipal(operator, { kind: 'operator', uid: 'op', orgId: 'org2' })).toBe(false);
    expect(samePrincipal(operator, { kind: 'player', uid: 'op' })).toBe(false);
    expect(samePrincipal(null, null)).toBe(true);
    expect(samePrincipal(null, player)).toBe(false);
  });
});
