// The reference wrapper: the player full height in a frame, as a ChromeOS or Android wrapper embeds it, with the
// parent API on the bridge and a visible log of the player's calls beside it.

import { useEffect, useMemo, useRef, useState } from 'react';
import { createBridge } from '@marquee/bridge';
import { createParentApi, type HostCall } from './parentApi';
import { hostedPlayerUrl, wrapperSetup } from './platforms';

declare global {
  interface Window {
    __hostCalls?: HostCall[];
  }
}

const MAX_LOG = 200;

export function App() {
  const setup = useMemo(() => wrapperSetup(location.search), []);
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [calls, setCalls] = useState<HostCall[]>([]);
  const [generation, setGeneration] = useState(0);
  const playerUrl = useMemo(() => hostedPlayerUrl(setup, location.search), [setup]);

  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    window.__hostCalls ??= []; // kept across player restarts (reboots)
    const api = createParentApi(setup, {
      storage: localStorage,
      restartPlayer: () => setGeneration((n) => n + 1),
      record: (call) => {
        window.__hostCalls?.push(call);
        setCalls((list) => [call, ...list].slice(0, MAX_LOG));
      },
    });
    const bridge = createBridge({ target, targetOrigin: location.origin, expose: api });
    return () => bridge.close();
  }, [setup, generation]);

  const enabled = Object.entries(setup.capabilities)
    .filter(([, on]) => on)
    .map(([name]) => name);
  return (
    <div className="host">
      <iframe
        key={generation}
        ref={frame}
        className="host__player"
        src={playerUrl}
        title="Marquee player"
        allow="autoplay; fullscreen; clipboard-write"
      />
      <aside className="host__log" aria-label="Parent API calls">
        <h1>
          {setup.model} <small>{setup.platform}</small>
        </h1>
        <p className="host__caps">{enabled.length > 0 ? enabled.join(' · ') : 'no capabilities'}</p>
        <ol>
          {calls.map((call, index) => (
            <li key={`${call.at}-${index}`}>
              <time>{new Date(call.at).toLocaleTimeString()}</time> <b>{call.method}</b>
              {call.args.length > 0 && <code>{JSON.stringify(call.args).slice(0, 80)}</code>}
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}
