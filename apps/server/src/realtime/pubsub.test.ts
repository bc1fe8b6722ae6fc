import { describe, expect, it } from 'vitest';
import { InProcessPubSub } from './pubsub';

describe('InProcessPubSub', () => {
  it('delivers a message to the subscriptions of the moment it was published, in order', () => {
    const pubsub = new InProcessPubSub();
    const heard: string[] = [];
    let late: (() => void) | null = null;
    const unsubscribeB = pubsub.subscribe('t', (message) => heard.push(`b:${String(message)}`));
    pubsub.subscribe('t', (message) => {
      heard.push(`a:${String(message)}`);
      if (message === 1) {
        unsubscribeB(); // already being delivered to: hears this one, not the next
        late = pubsub.subscribe('t', (next) => heard.push(`late:${String(next)}`));
      }
    });
    pubsub.publish('t', 1);
    pubsub.publish('t', 2);
    expect(heard).toEqual(['b:1', 'a:1', 'a:2', 'late:2']);
    expect(late).not.toBeNull();
    expect(pubsub.subscriberCount('t')).toBe(2);
  });

  it('keeps one function subscribed twice as two subscriptions, each ended by its own unsubscribe', () => {
    const pubsub = new InProcessPubSub();
    let count = 0;
    const handler = () => count++;
    const first = pubsub.subscribe('t', handler);
    const second = pubsub.subscribe('t', handler);
    pubsub.publish('t', null);
    expect(count).toBe(2);
    first();
    first(); // twice: still only its own
    pubsub.publish('t', null);
    expect(count).toBe(3);
    second();
    expect(pubsub.subscriberCount('t')).toBe(0);
    pubsub.publish('t', null);
    expect(count).toBe(3);
  });

  it('reports a handler that throws and still delivers to the others', () => {
    const errors: string[] = [];
    const pubsub = new InProcessPubSub((error, topic) =>
      errors.push(`${topic}: ${(error as Error).message}`),
    );
    const heard: unknown[] = [];
    pubsub.subscribe('t', () => {
      throw new Error('broken handler');
    });
    pubsub.subscribe('t', (message) => heard.push(message));
    pubsub.publish('t', 'm');
    expect(heard).toEqual(['m']);
    expect(errors).toEqual(['t: broken handler']);
  });
});
