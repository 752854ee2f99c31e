// @vitest-environment happy-dom
// The React that Next's App Router ships (next/dist/compiled) must not drop a wake-up that arrives while it renders.
// Unpatched, it did: a streamed page row that landed while React was rendering a navigation left the navigation
// suspended for good, so a click on 'Page 2' or a sort header changed nothing (patches/next+*.patch).
import { afterEach, expect, test, vi } from 'vitest';
import { h, lazyRow, React, ReactDOMClient, settle, type StreamedRow } from '../support/shipped-react';

/**
 * A streamed row as the Flight client keeps it: not yet 'fulfilled' when React first reads it, and fulfilled (calling
 * the listener at once) as soon as anyone subscribes, which React does from inside its render.
 */
function arrivedRow(text: string) {
  const row: StreamedRow = {
    status: 'resolved_model',
    value: '',
    then(resolve) {
      row.status = 'fulfilled';
      row.value = text;
      resolve(text);
    },
  };
  return row;
}

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

test('a navigation whose streamed row arrives during the render commits', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  const root = ReactDOMClient.createRoot(container);
  unmount = () => root.unmount();
  let navigate: (to: React.ReactNode) => void = () => {};
  function Page() {
    const [content, setContent] = React.useState<React.ReactNode>('page 1');
    navigate = (to) => React.startTransition(() => setContent(to));
    return h(React.Suspense, { fallback: 'Loading...' }, h('p', null, content));
  }
  root.render(h(Page));
  await settle();
  expect(container.textContent).toBe('page 1');

  navigate(lazyRow(arrivedRow('page 2')));
  // Without the fix the transition never commits; with it, it does as soon as React's scheduler runs (a busy machine
  // may take longer than one short wait).
  await vi.waitFor(() => expect(container.textContent).toBe('page 2'), { timeout: 3000, interval: 20 });
});
