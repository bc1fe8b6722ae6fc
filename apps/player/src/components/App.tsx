// The general player's top level: the start-up's outcome decides the screen.

import { useStartup } from '../hooks/useStartup';
import { DuplicateHardwareNotice } from './DuplicateHardwareNotice';
import { Player } from './Player';
import { Shimmer } from './Shimmer';
import { StartupFailed } from './StartupFailed';

export function App() {
  const state = useStartup();
  switch (state.kind) {
    case 'loading':
      return <Shimmer />;
    case 'duplicate':
      return <DuplicateHardwareNotice hardwareId={state.hardwareId} />;
    case 'failed':
      return <StartupFailed message={state.message} />;
    case 'ready':
      return <Player session={state.session} />;
  }
}
