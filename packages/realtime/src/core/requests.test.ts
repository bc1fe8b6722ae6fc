import { describe, expect, it, vi } from 'vitest';
import { Requests, promisedAnswer } from './requests';

const handler = () => ({ answer: vi.fn(), drop: vi.fn() });

describe('Requests', () => {
  it('gives every request a new id, from 1 up', () => {
    const requests = new Requests();
    expect([
      requests.register(handler()),
      requests.register(handler()),
      requests.register(handler()),
    ]).toEqual([1, 2, 3]);
    expect(requests.size).toBe(3);
  });

  it('settles a request exactly once: a second answer with its id is dropped', () => {
    const requests = new Requests();
    const first = handler();
    const id = requests.register(first);
    expect(requests.settle({ r: id, ok: true, d: 1 })).toBe(true);
    expect(requests.settle({ r: id, ok: false, code: 'invalid_request', message: 'again' })).toBe(false);
    expect(first.answer).toHaveBeenCalledTimes(1);
    expect(first.answer).toHaveBeenCalledWith({ r: id, ok: true, d: 1 });
    expect(requests.size).toBe(0);
  });

  it('ignores answers without an id or with an unknown one', () => {
    const requests = new Requests();
    const only = handler();
    requests.register(only);
    expect(requests.settle({ ok: false, code: 'invalid_request', message: 'no id' })).toBe(false);
    expect(requests.settle({ r: 99, ok: true })).toBe(false);
    expect(only.answer).not.toHaveBeenCalled();
  });

  it('drops every pending request in order, once, and never reuses their ids', () => {
    const requests = new Requests();
    const order: number[] = [];
    const ids = [1, 2, 3].map((n) => requests.register({ answer: vi.fn(), drop: () => order.push(n) }));
    requests.dropAll();
    requests.dropAll();
    expect(order).toEqual([1, 2, 3]);
    expect(requests.size).toBe(0);
    expect(requests.settle({ r: ids[0] as number, ok: true })).toBe(false);
    expect(requests.register(handler())).toBe(4);
  });

  it('promisedAnswer resolves with the answer, or rejects with the drop error', async () => {
    const answered = promisedAnswer(() => new Error('dropped'));
    answered.handler.answer({ r: 1, ok: true, d: 'x' });
    await expect(answered.promise).resolves.toEqual({ r: 1, ok: true, d: 'x' });
    const dropped = promisedAnswer(() => new Error('dropped'));
    dropped.handler.drop();
    await expect(dropped.promise).rejects.toThrow('dropped');
  });
});
