import { PRODUCT_NAME } from '@marquee/protocol';

/** This page opened outside the player: say what it is and where to go instead of showing nothing. */
export function NoPlayer({ playerUrl }: { playerUrl: string }) {
  return (
    <main className="slate" role="alert">
      <header className="brand">{PRODUCT_NAME}</header>
      <h1>This page runs inside the {PRODUCT_NAME} player</h1>
      <p>
        It shows a screen&apos;s content or pairing code once the player loads it. Open{' '}
        <a href={playerUrl}>{playerUrl}</a> on the screen instead.
      </p>
    </main>
  );
}
