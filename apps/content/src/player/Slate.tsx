import { PRODUCT_NAME } from '@marquee/protocol';

/** What the screen shows when there is no item to play: never a blank screen. */
export function Slate({ title, detail }: { title: string; detail?: string }) {
  return (
    <main className="slate" role="status">
      <header className="brand">{PRODUCT_NAME}</header>
      <h1>{title}</h1>
      {detail !== undefined && <p>{detail}</p>}
    </main>
  );
}
