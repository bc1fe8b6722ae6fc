import { useEffect, useRef } from 'react';
import type { AppDataItem } from '@marquee/protocol';

/**
 * A web page that has not loaded this long after it came on screen is skipped (docs/proof-of-play.md
 * §Recording). A page's own errors (a 404, a broken script) load a page all the same and cannot be seen from here.
 */
export const PAGE_LOAD_TIMEOUT_MS = 30_000;

export interface ItemViewProps {
  item: AppDataItem;
  src: string;
  /** On screen (plays) rather than preloading underneath. */
  active: boolean;
  muted: boolean;
  onFail(reason: string): void;
}

/** One item: a web page, an image or a video, filling the screen. */
export function ItemView({ item, src, active, muted, onFail }: ItemViewProps) {
  if (item.type === 'image') {
    return (
      <img
        className="item"
        src={src}
        alt=""
        draggable={false}
        onError={() => onFail(`the image ${src} did not load`)}
      />
    );
  }
  if (item.type === 'video') return <VideoItem src={src} active={active} muted={muted} onFail={onFail} />;
  return <PageItem src={src} active={active} onFail={onFail} />;
}

function PageItem({ src, active, onFail }: Pick<ItemViewProps, 'src' | 'active' | 'onFail'>) {
  const loaded = useRef(false);
  const fail = useRef(onFail);
  useEffect(() => {
    fail.current = onFail;
  }, [onFail]);
  useEffect(() => {
    if (!active || loaded.current) return;
    const timer = setTimeout(() => {
      if (!loaded.current)
        fail.current(`the web page ${src} did not load within ${PAGE_LOAD_TIMEOUT_MS / 1000} s`);
    }, PAGE_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [active, src]);
  return (
    <iframe
      className="item"
      src={src}
      title="Web page"
      sandbox="allow-scripts allow-same-origin allow-forms"
      referrerPolicy="no-referrer"
      allow="autoplay; fullscreen"
      onLoad={() => {
        loaded.current = true;
      }}
    />
  );
}

function VideoItem({ src, active, muted, onFail }: Omit<ItemViewProps, 'item'>) {
  const video = useRef<HTMLVideoElement>(null);
  // The latest onFail without restarting playback whenever the parent renders.
  const fail = useRef(onFail);
  useEffect(() => {
    fail.current = onFail;
  }, [onFail]);
  useEffect(() => {
    const element = video.current;
    if (element === null) return;
    if (!active) {
      element.pause();
      return;
    }
    element.currentTime = 0;
    element.play().catch((error: unknown) => {
      // Autoplay with sound refused by the browser: play muted rather than not at all.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !element.muted) {
        element.muted = true;
        element.play().catch(() => fail.current(`the video ${src} could not start`));
      } else if (!(error instanceof DOMException && error.name === 'AbortError')) {
        fail.current(`the video ${src} could not start: ${String(error)}`);
      }
    });
  }, [active, src]);
  return (
    <video
      ref={video}
      className="item"
      src={src}
      muted={muted}
      playsInline
      loop
      preload="auto"
      onError={() => onFail(`the video ${src} did not load`)}
    />
  );
}
