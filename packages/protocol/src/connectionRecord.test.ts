import { describe, expect, it } from 'vitest';
import { ConnectionRecordSchema, ConnectionWriteSchema } from './connectionRecord';
import { SERVER_TIMESTAMP } from './realtimeValue';
import { ID_MAX_LENGTH } from './schemaText';

describe('ConnectionRecordSchema', () => {
  it('accepts a connected and a disconnected record', () => {
    const connected = { connected: true, connected_at: 1_700_000_000_000, disconnected_at: null, id: 'abc' };
    expect(ConnectionRecordSchema.parse(connected)).toEqual(connected);
    expect(ConnectionRecordSchema.parse({ connected: false, disconnected_at: 5 })).toEqual({
      connected: false,
      connected_at: null,
      disconnected_at: 5,
      id: null,
    });
  });

  it('rejects a missing or non-boolean connected flag, bad timestamps and ids', () => {
    for (const bad of [
      {},
      { connected: 'true' },
      { connected: true, connected_at: -1 },
      { connected: true, connected_at: 1.5 },
      { connected: true, connected_at: SERVER_TIMESTAMP },
      { connected: true, disconnected_at: '2024-01-01' },
      { connected: true, id: '' },
      { connected: true, id: 'x'.repeat(ID_MAX_LENGTH + 1) },
      null,
    ]) {
      expect(ConnectionRecordSchema.safeParse(bad).success).toBe(false);
    }
    expect(ConnectionRecordSchema.safeParse({ connected: true, id: 'x'.repeat(ID_MAX_LENGTH) }).success).toBe(
      true,
    );
  });
});

describe('ConnectionWriteSchema', () => {
  it('accepts server timestamps where the record has times', () => {
    const write = { connected: true, connected_at: SERVER_TIMESTAMP, disconnected_at: null, id: 'c1' };
    expect(ConnectionWriteSchema.parse(write)).toEqual(write);
    expect(
      ConnectionWriteSchema.safeParse({ connected: false, disconnected_at: SERVER_TIMESTAMP }).success,
    ).toBe(true);
  });

  it('rejects other server values', () => {
    expect(
      ConnectionWriteSchema.safeParse({ connected: true, connected_at: { '.sv': 'increment' } }).success,
    ).toBe(false);
  });
});
