// The duplicate-hardware notice (docs/player.md §Notices and toasts): full page, with the hardware id when known.

const DUPLICATE_TITLE = 'The device has previously been associated with a screen.';
const HELP_LINE = "We're here to help!";

export function DuplicateHardwareNotice({ hardwareId }: { hardwareId: string | null }) {
  return (
    <main className="notice">
      <div className="notice__card">
        <div className="notice__icon" aria-hidden="true">
          !
        </div>
        <h1 className="notice__title">{DUPLICATE_TITLE}</h1>
        <p>
          To pair several screens with one device, enable the flag{' '}
          <code>allow_clone_screen_by_hardware_id</code> in your studio account, then restart the player.
        </p>
        {hardwareId !== null && (
          <p className="notice__hardware">
            Hardware ID: <code data-testid="hardware-id">{hardwareId}</code>
          </p>
        )}
        <p className="notice__help">{HELP_LINE}</p>
      </div>
    </main>
  );
}
