import { useFitText } from './useFitText';

/** An override's message, full screen, in the largest type that fits (docs/schedules.md §Player behaviour). */
export function MessageScreen({ message }: { message: string }) {
  const text = useFitText<HTMLParagraphElement>(message);
  return (
    <main className="message-screen" data-testid="message-screen">
      <p className="message-text" ref={text} dir="auto">
        {message}
      </p>
    </main>
  );
}
