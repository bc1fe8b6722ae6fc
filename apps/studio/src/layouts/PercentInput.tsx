import { useState } from 'react';
import { NumberInput } from '@mantine/core';

const textOf = (value: number) => (Number.isFinite(value) ? String(value) : '');
const valueOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * A percent typed as text: '33.' stays on show while typed (a controlled number would drop the point), and a value
 * changed elsewhere (a drag) replaces the text. An empty field is NaN: flagged by the checks, never sent.
 */
export function PercentInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: number;
  error?: string;
  onChange(value: number): void;
}) {
  const [text, setText] = useState(textOf(value));
  // A new value from elsewhere replaces the text, during render (react.dev: adjusting state when a prop changes).
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (!Object.is(valueOf(text), value)) setText(textOf(value));
  }
  return (
    <NumberInput
      label={label}
      value={text}
      decimalScale={2}
      hideControls
      error={error}
      onChange={(next) => {
        setText(String(next));
        onChange(valueOf(String(next)));
      }}
    />
  );
}
