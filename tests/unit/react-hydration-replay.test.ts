// @vitest-environment happy-dom
// The React that Next's App Router ships (next/dist/compiled) must hydrate an element whose streamed children arrive a
// moment after hydration reached it. Unpatched, it did not: React replayed the element with its hydration cursor
// already inside it, reported 'Hydration failed because the server rendered HTML didn't match the client' (#418) on
// identical markup and rendered the whole screen again on the client. A large back-office screen (Receivables)
// hit it about one load in five on a busy machine (patches/next+*.patch).
import { afterEach, expect, test } from 'vitest';
import { h, lazyRow, React, ReactDOMClient, settle, type StreamedRow } from '../support/shipped-react';

/** A streamed row that is pending when React first reads it and arrives one microtask later. */
function lateChild(node: React.ReactNode): React.ReactNode {
  const listeners: ((value: React.ReactNode) => void)[] = [];
  const row: StreamedRow = { status: 'pending', value: null, then: (resolve) => void listeners.push(resolve) };
  const arrive = () => {
    row.status = 'fulfilled';
    row.value = node;
    for (const l of listeners) l(node);
  };
  return lazyRow(row, () => queueMicrotask(arrive));
}

const SERVER_HTML = '<div id="outer"><p>before</p><div id="target"><section>lazy child</section></div><p>after</p></div>';
let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

test("an element whose streamed child arrives during hydration hydrates the server's markup as it is", async () => {
  const container = document.createElement('div');
  container.innerHTML = SERVER_HTML;
  document.body.append(container);
  const serverSection = container.querySelector('section');
  const errors: string[] = [];
  const app = h(
    'div',
    { id: 'outer' },
    h('p', null, 'before'),
    h('div', { id: 'target' }, lateChild(h('section', null, 'lazy child'))),
    h('p', null, 'after'),
  );
  React.startTransition(() => {
    const root = ReactDOMClient.hydrateRoot(container, app, { onRecoverableError: (e) => errors.push(String(e)) });
    unmount = () => root.unmount();
  });
  await settle();

  expect(errors).toEqual([]);
  expect(container.innerHTML).toBe(SERVER_HTML);
  // Hydrated, not rendered again: the element the server sent is the one on the page.
  expect(container.querySelector('section')).toBe(serverSection);
});
