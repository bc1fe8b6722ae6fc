// A change heard by several connections is encoded to UTF-8 once, and the same bytes go to each of them; a lone
// listener, or a sink that only takes text, gets the text.

import { expect, it } from 'vitest';
import { parsePath } from '@marquee/protocol';
import { describeOnBothEngines } from '../../test/harness/databases';
import { newId } from '../ids';
import { DocumentStore } from './documentStore';
import { FanOut, valueEventText, type ListenerSink } from './fanOut';
import { InProcessPubSub } from './pubsub';

function sink(received: (string | Buffer)[], encoded: boolean): ListenerSink {
  return {
    closed: false,
    receiving: true,
    send: (text) => received.push(text),
    ...(encoded ? { sendEncoded: (utf8: Buffer) => received.push(utf8) } : {}),
    revalidate: () => false,
  };
}

describeOnBothEngines('fan-out encoding', (database) => {
  it('encodes a change once for every connection listening to the path', async () => {
    const store = new DocumentStore({ database: database(), pubsub: new InProcessPubSub() });
    const fanOut = new FanOut(store);
    const path = `players/${newId()}/settings/name`;
    const [first, second, textOnly, alone] = [[], [], [], []] as (string | Buffer)[][];
    await fanOut.listen(sink(first!, true), parsePath(path), () => {});
    await fanOut.listen(sink(second!, true), parsePath(path), () => {});
    await fanOut.listen(sink(textOnly!, false), parsePath(path), () => {});
    const lonePath = path.replace('settings/name', 'device');
    await fanOut.listen(sink(alone!, true), parsePath(lonePath), () => {});

    const { revision } = await store.set(path, 'Lobby ünïcode');
    const expected = valueEventText(path, 'Lobby ünïcode', revision);
    expect(first).toHaveLength(1);
    expect(first![0]).toBeInstanceOf(Buffer);
    expect(second![0]).toBe(first![0]);
    expect((first![0] as Buffer).toString('utf8')).toBe(expected);
    expect(textOnly).toEqual([expected]);

    await store.set(lonePath, { model: 'x' });
    expect(typeof alone![0]).toBe('string');
  });
});
