import type { CSSProperties } from 'react';
import { useAppFrame, type AppFrameOptions } from './useAppFrame';

export interface AppFrameProps extends AppFrameOptions {
  /** The frame finished loading its page. */
  onLoad?: () => void;
  className?: string;
  style?: CSSProperties;
}

/**
 * An operator's own HTML app filling its box, with the app API over the bridge (docs/apps.md): no top navigation,
 * pop-ups or downloads, no referrer. An address that cannot be shown renders nothing.
 */
export function AppFrame({ onLoad, className, style, ...options }: AppFrameProps) {
  const { frame, sandbox } = useAppFrame(options);
  if (sandbox === null) return null;
  return (
    <iframe
      ref={frame}
      className={className}
      src={options.url}
      title="App"
      sandbox={sandbox}
      referrerPolicy="no-referrer"
      allow="autoplay; fullscreen"
      onLoad={onLoad}
      data-app="html"
      style={style}
    />
  );
}
