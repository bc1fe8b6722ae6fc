// The sidebar's opener, top right; it fades after 7 s of inactivity (useSidebar).

export function Hamburger({ visible, onOpen }: { visible: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      className={`hamburger${visible ? '' : ' hamburger--faded'}`}
      aria-label="Open settings"
      onClick={onOpen}
    >
      <span />
      <span />
      <span />
    </button>
  );
}
