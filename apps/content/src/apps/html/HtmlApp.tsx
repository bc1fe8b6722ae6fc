import { AppFrame } from '@marquee/layout-view';
import { useHtmlApp, warn, type HtmlAppOptions } from './useHtmlApp';

/**
 * An operator's own HTML app filling its box (a zone, or the screen as a playlist item), with the app API over the
 * bridge (docs/apps.md). A URL that cannot be shown renders nothing (the hook reports it).
 */
export function HtmlApp(props: HtmlAppOptions) {
  const { config, onLoad } = useHtmlApp(props);
  return (
    <AppFrame
      className="item"
      url={props.app.url}
      config={config}
      active={props.active}
      timezone={props.timezone}
      screen={props.screen}
      onDone={props.onDone}
      onProblem={props.onProblem ?? warn}
      onLoad={onLoad}
    />
  );
}
