import { describe, expect, it, vi } from 'vitest';
import { SERVER_TIMESTAMP, TRANSACTION_MAX_RETRIES, type RealtimeValue } from '@marquee/protocol';
import { Transactions, type TransactionDeps } from './transactions';
import type { Answer } from './types';

const at = (path: string) => path.split('/');

/** A hub holding one value: cas commits when the hash matches, else answers datastale with the current value. */
function hub(initial: RealtimeValue, options: { meddle?: () => RealtimeValue | undefined } = {}) {
  let value = initial;
  let rev = 1;
  const hash = (v: RealtimeValue) => `h:${JSON.stringify(v)}`;
  const cas = vi.fn(async (_path: string, next: RealtimeValue, expected: string): Promise<Answer> => {
    const meddled = options.meddle?.();
    if (meddled !== undefined) {
      value = meddled; // another client got there first
      rev++;
    }
    if (expected !== hash(value)) {
      return {
        r: 1,
        ok: false,
        code: 'datastale',
        message: 'The value changed since it was read; retry with the current value',
        d: { value, hash: hash(value), rev },
      };
    }
    value = next;
    rev++;
    return { r: 1, ok: true, d: { rev } };
  });
  const deps: TransactionDeps = {
    current: vi.fn(async () => ({ value, hash: hash(value), rev })),
    compareAndSet: cas,
    serverNow: () => 1_700_000_000_000,
  };
  return { deps, cas, read: () => value };
}

describe('Transactions', () => {
  it('commits the update of the current value', async () => {
    const { deps, read } = hub(41);
    const result = await new Transactions(deps).run(at('players/p/n'), (n) => (n as number) + 1, 25);
    expect(result).toEqual({ committed: true, value: 42 });
    expect(read()).toBe(42);
  });

  it('runs the update again on the value a datastale answer carries', async () => {
    let meddles = 2;
    const { deps, cas, read } = hub(0, { meddle: () => (meddles-- > 0 ? 100 * (2 - meddles) : undefined) });
    const seen: unknown[] = [];
    const result = await new Transactions(deps).run(
      at('players/p/n'),
      (n) => {
        seen.push(n);
        return (n as number) + 1;
      },
      25,
    );
    expect(seen).toEqual([0, 100, 200]);
    expect(cas).toHaveBeenCalledTimes(3);
    expect(deps.current).toHaveBeenCalledTimes(1); // the retries used the answers' values
    expect(result).toEqual({ committed: true, value: 201 });
    expect(read()).toBe(201);
  });

  it(`fails with MAXRETRY after ${TRANSACTION_MAX_RETRIES} stale attempts, not one more`, async () => {
    let other = 0;
    const { deps, cas } = hub(0, { meddle: () => ++other });
    const update = vi.fn((n: unknown) => (n as number) + 1000);
    await expect(
      new Transactions(deps).run(at('players/p/n'), update, TRANSACTION_MAX_RETRIES),
    ).rejects.toMatchObject({
      name: 'RealtimeError',
      code: 'MAXRETRY',
      message: `maxretry: the transaction at "players/p/n" found the value changed on all ${TRANSACTION_MAX_RETRIES} attempts`,
    });
    expect(update).toHaveBeenCalledTimes(TRANSACTION_MAX_RETRIES);
    expect(cas).toHaveBeenCalledTimes(TRANSACTION_MAX_RETRIES);
  });

  it('honours a smaller maxRetries, and commits on the last allowed attempt', async () => {
    let meddles = 2;
    const { deps, cas } = hub(0, { meddle: () => (meddles-- > 0 ? meddles : undefined) });
    await expect(new Transactions(deps).run(at('players/p/n'), () => 1, 3)).resolves.toMatchObject({
      committed: true,
    });
    expect(cas).toHaveBeenCalledTimes(3);
  });

  it('aborts without an error or a write when the update returns undefined (nodata)', async () => {
    const { deps, cas } = hub({ a: 1 });
    const result = await new Transactions(deps).run(at('players/p/x'), () => undefined, 25);
    expect(result).toEqual({ committed: false, value: { a: 1 } });
    expect(cas).not.toHaveBeenCalled();
  });

  it('hands the update function arrays as the application wrote them', async () => {
    const { deps } = hub({ '0': 'a', '1': 'b' });
    let seen: unknown;
    await new Transactions(deps).run(
      at('players/p/list'),
      (list) => {
        seen = list;
        return [...(list as string[]), 'c'];
      },
      25,
    );
    expect(seen).toEqual(['a', 'b']);
  });

  it('fails with SET when this client writes an overlapping path before the cas goes out', async () => {
    const { deps, cas } = hub(1);
    const transactions = new Transactions(deps);
    const running = transactions.run(at('players/p/n'), (n) => (n as number) + 1, 25);
    transactions.overwrite(at('players/p')); // a set above it, while it reads the current value
    await expect(running).rejects.toMatchObject({
      code: 'SET',
      message: 'set: the transaction at "players/p/n" was overwritten by a set',
    });
    expect(cas).not.toHaveBeenCalled();
    expect(transactions.size).toBe(0);
  });

  it('a write elsewhere does not disturb it; a cas that commits before the set wins', async () => {
    const { deps } = hub(1);
    const transactions = new Transactions(deps);
    const running = transactions.run(
      at('players/p/n'),
      (n) => {
        transactions.overwrite(at('players/p/other'));
        return (n as number) + 1;
      },
      25,
    );
    await expect(running).resolves.toEqual({ committed: true, value: 2 });
    const inFlight = transactions.run(
      at('players/p/n'),
      (n) => {
        queueMicrotask(() => transactions.overwrite(at('players/p/n/deeper')));
        return (n as number) + 1;
      },
      25,
    );
    await expect(inFlight).resolves.toEqual({ committed: true, value: 3 });
  });

  it('a stale answer after the set fails it with SET rather than retrying', async () => {
    const holder: { transactions?: Transactions } = {};
    const { deps } = hub(1, {
      meddle: () => {
        holder.transactions?.overwrite(at('players/p/n'));
        return 5;
      },
    });
    const transactions = new Transactions(deps);
    holder.transactions = transactions;
    await expect(transactions.run(at('players/p/n'), () => 2, 25)).rejects.toMatchObject({ code: 'SET' });
  });

  it('fails with the hub refusal, and with INVALID_VALUE before sending an invalid value', async () => {
    const { deps, cas } = hub(1);
    await expect(new Transactions(deps).run(at('players/p/n'), () => () => 1, 25)).rejects.toMatchObject({
      code: 'INVALID_VALUE',
      message: 'Invalid value at path "players/p/n": functions cannot be written',
    });
    expect(cas).not.toHaveBeenCalled();
    cas.mockResolvedValueOnce({ r: 1, ok: false, code: 'permission_denied', message: 'Permission denied' });
    await expect(new Transactions(deps).run(at('players/p/n'), () => 2, 25)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
  });

  it('resolves server timestamps of the committed value with the server clock', async () => {
    const { deps, read } = hub(null);
    const result = await new Transactions(deps).run(at('players/p/t'), () => ({ at: SERVER_TIMESTAMP }), 25);
    expect(result.value).toEqual({ at: 1_700_000_000_000 });
    expect(read()).toEqual({ at: { '.sv': 'timestamp' } }); // the hub resolves its own
  });
});
