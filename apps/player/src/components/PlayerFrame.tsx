// The main player frame (docs/player.md §Overview): an iframe with the fixed element id, in a box rotated for the
// orientation.

import type { CSSProperties, RefObject } from 'react';
import { MAIN_FRAME_ELEMENT_ID } from '@marquee/protocol';

export function PlayerFrame({
  src,
  frameRef,
  boxStyle,
}: {
  src: string;
  frameRef: RefObject<HTMLIFrameElement | null>;
  boxStyle: CSSProperties;
}) {
  return (
    <div className="frame-box" style={boxStyle} data-testid="frame-box">
      <iframe
        id={MAIN_FRAME_ELEMENT_ID}
        ref={frameRef}
        src={src}
        title="Marquee content"
        allow="autoplay; fullscreen; clipboard-write"
        className="frame"
      />
    </div>
  );
}
