// A Bridge double for component tests: answers calls from a table and lets a test emit the player's events.
import { vi } from 'vitest';
import type { Bridge } from '@marquee/bridge';

export function fakeBridge(answers: Record<string, (...args: unknown[]) => unknown>) {
  const handlers = new Map<string, (data: unknown) => void>();
  const bridge = {
    id: 'fake',
    peer: { id: 'player', origin: 'http://screen' },
    connected: true,
    closed: false,
    connect: () => Promise.resolve(),
    call: vi.fn((method: string, ...args: unknown[]) => {
      const answer = answers[method];
      return answer === undefined
        ? Promise.reject(new Error(`missing api method: ${method}`))
        : Promise.resolve(answer(...args));
    }),
    on: (type: string, handler: (data: unknown) => void) => {
      handlers.set(type, handler);
      return () => handlers.delete(type);
    },
    emit: () => false,
    isSubscribed: () => false,
    close: () => {},
  } as unknown as Bridge;
  return { bridge, fire: (type: string, data: unknown) => handlers.get(type)?.(data) };
}
