// The meeting player's top level: loading, then the ready view or the blocked view; the platform duties run
// from the first paint.

import { useStartup } from '../hooks/useStartup';
import { usePlatformDuties } from '../hooks/usePlatformDuties';
import { hostPlatformOf } from '../session/startMeet';
import { Blocked } from './Blocked';
import { Loading } from './Loading';
import { Meet } from './Meet';
import { MeetFrame } from './MeetFrame';
import { Toasts } from './Toasts';

export function App() {
  const state = useStartup();
  usePlatformDuties();
  return (
    <>
      {state.kind === 'loading' && <Loading />}
      {state.kind === 'blocked' && <Blocked />}
      {state.kind === 'ready' &&
        (state.session ? <Meet session={state.session} /> : <MeetFrame src={null} />)}
      <Toasts hostPlatform={hostPlatformOf(window.location.search)} />
    </>
  );
}
