// The blocked view (docs/meeting-room.md §Start-up): registration was refused with 403.

const BLOCKED_TITLE = 'This device is blocked';

export function Blocked() {
  return (
    <main className="meet-blocked" data-testid="meet-blocked">
      <h1>{BLOCKED_TITLE}</h1>
      <p>An administrator of this Marquee account has blocked this device. Ask them to unblock it.</p>
    </main>
  );
}
