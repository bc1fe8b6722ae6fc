import type { PlayerAppSpecOf } from '@marquee/protocol';
import { FittedText } from './FittedText';

export interface TextAppProps {
  app: PlayerAppSpecOf<'text'>;
}

/** A text in its zone: its size a percent of the zone's height (smaller when it would not fit), or as large as fits. */
export function TextApp({ app }: TextAppProps) {
  return (
    <div
      className="lv-text"
      data-app="text"
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        padding: '0 2%',
        color: app.color ?? '#ffffff',
        background: app.background ?? 'transparent',
        fontWeight: app.bold === true ? 700 : 400,
        fontStyle: app.italic === true ? 'italic' : 'normal',
      }}
    >
      <FittedText
        text={app.text}
        wrap
        align={app.align ?? 'center'}
        {...(app.fontSize === undefined ? {} : { maxShare: app.fontSize / 100 })}
      />
    </div>
  );
}
