import { useEffect, useMemo, useRef } from 'react';
import type { AppDataItem } from '@marquee/protocol';
import { HtmlApp } from '../apps/html/HtmlApp';
import type { AppScreenFacts } from '../apps/html/useHtmlApp';
import { usePageLoad } from './usePageLoad';

export { PAGE_LOAD_TIMEOUT_MS } from './usePageLoad';

export interface ItemViewProps {
  item: AppDataItem;
  src: string;
  /** On screen (plays) rather than preloading underneath. */
  active: boolean;
  muted: boolean;
  onFail(reason: string): void;
  /** For an app item's getContext(). */
  screen: AppScreenFacts;
  /** An app item called done(): false when nothing else is there to show (the app's slot restarts). */
  onDone(): boolean;
}

/** One item: a web page, an image, a video or an operator's HTML app, filling the screen. */
export function ItemView({ item, src, active, muted, onFail, screen, onDone }: ItemViewProps) {
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
  if (item.type === 'app') {
    return (
      <AppItem
        src={src}
        config={item.config}
        active={active}
        onFail={onFail}
        screen={screen}
        onDone={onDone}
      />
    );
  }
  return <PageItem src={src} active={active} onFail={onFail} />;
}

function AppItem({
  src,
  config,
  active,
  onFail,
  screen,
  onDone,
}: Pick<ItemViewProps, 'src' | 'active' | 'onFail' | 'screen' | 'onDone'> & { config: string | undefined }) {
  const app = useMemo(
    () => ({ type: 'html' as const, url: src, ...(config === undefined ? {} : { config }) }),
    [src, config],
  );
  return <HtmlApp app={app} active={active} {...screen} onDone={onDone} onFail={onFail} />;
}

function PageItem({ src, active, onFail }: Pick<ItemViewProps, 'src' | 'active' | 'onFail'>) {
  const onLoad = usePageLoad({ src, active, what: 'the web page', onFail });
  return (
    <iframe
      className="item"
      src={src}
      title="Web page"
      sandbox="allow-scripts allow-same-origin allow-forms"
      referrerPolicy="no-referrer"
      allow="autoplay; fullscreen"
      onLoad={onLoad}
    />
  );
}

function VideoItem({
  src,
  active,
  muted,
  onFail,
}: Pick<ItemViewProps, 'src' | 'active' | 'muted' | 'onFail'>) {
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
