import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, testSession } from '../session/testSession';
import { isExemptOrg, useMultiTab } from './useMultiTab';

afterEach(cleanup);

function fakeContainer() {
  const target = new EventTarget();
  const posted: unknown[] = [];
  const container = Object.assign(target, {
    ready: Promise.resolve({ active: { postMessage: (message: unknown) => posted.push(message) } }),
  }) as unknown as ServiceWorkerContainer;
  return { container, posted, target };
}

describe('useMultiTab', () => {
  it('asks the service worker and warns when it reports more than one player window', async () => {
    const { session } = testSession();
    const { container, posted, target } = fakeContainer();
    const { result } = renderHook(() => useMultiTab(session, container));
    await act(async () => {});
    expect(posted).toEqual([{ type: 'CHECK_MULTIPLE_TABS' }]);
    act(() => {
      target.dispatchEvent(new MessageEvent('message', { data: { type: 'MULTIPLE_TABS', count: 1 } }));
    });
    expect(result.current).toBe(false);
    act(() => {
      target.dispatchEvent(new MessageEvent('message', { data: { type: 'MULTIPLE_TABS', count: 2 } }));
    });
    expect(result.current).toBe(true);
  });

  it('skips the check for an exempt organisation', async () => {
    const { session } = testSession({
      auth: () => ({
        apiToken: fakeJwt({ sub: 'p1', org_id: 'org-exempt' }),
        firebaseTokenV2: 'f',
        secret: 's',
      }),
    });
    const { container, posted } = fakeContainer();
    renderHook(() => useMultiTab(session, container));
    await act(async () => {});
    expect(posted).toEqual([]);
  });

  it('reads the exemption from the API token', () => {
    expect(isExemptOrg(fakeJwt({ sub: 'p', org_id: 'a' }), ['a'])).toBe(true);
    expect(isExemptOrg(fakeJwt({ sub: 'p' }), ['a'])).toBe(false);
    expect(isExemptOrg('garbage', ['a'])).toBe(false);
    vi.restoreAllMocks();
  });
});
