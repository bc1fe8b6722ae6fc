import type { Ref } from 'react';

const MEET_FRAME_ID = 'marquee-meet-frame';

export function MeetFrame({ src, ref }: { src: string | null; ref?: Ref<HTMLIFrameElement> }) {
  return (
    <iframe
      ref={ref}
      id={MEET_FRAME_ID}
      className="meet-frame"
      title="Marquee content"
      src={src ?? 'about:blank'}
      allow="autoplay; fullscreen"
    />
  );
}
