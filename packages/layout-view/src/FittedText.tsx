import type { CSSProperties } from 'react';
import { useFittedFont } from './useFittedFont';

export interface FittedTextProps {
  text: string;
  /** This box's part of its parent's height (a flex share). */
  share?: number;
  /** Largest type as a part of the box's height. */
  maxShare?: number;
  align?: 'left' | 'center' | 'right';
  /** Keep the text's line breaks and wrap long lines (else one line). */
  wrap?: boolean;
  style?: CSSProperties;
}

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** A text as large as its box allows. */
export function FittedText({
  text,
  share = 1,
  maxShare = 0.85,
  align = 'center',
  wrap = false,
  style,
}: FittedTextProps) {
  const { box, content } = useFittedFont<HTMLDivElement>(text, maxShare);
  return (
    <div
      ref={box}
      style={{
        flex: `${share} 1 0`,
        minHeight: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: JUSTIFY[align],
        textAlign: align,
        overflow: 'hidden',
        lineHeight: 1.15,
        ...style,
      }}
    >
      <span
        ref={content}
        style={{
          whiteSpace: wrap ? 'pre-wrap' : 'pre',
          overflowWrap: 'break-word',
          maxWidth: wrap ? '100%' : undefined,
        }}
      >
        {text}
      </span>
    </div>
  );
}
