// @vitest-environment happy-dom
// The React that Next's App Router ships (next/dist/compiled) must hydrate an element whose streamed children arrive a
// moment after hydration reached it. Unpatched, it did not: React replayed the element with its hydration cursor
// already inside it, reported 'Hydration failed because the server rendered HTML didn't match the client' (#418) on
// identical markup and rendered the whole screen again on the client. A large back-office screen (Receivables)
// hit it about one load in five on a busy machine (patches/next+*.patch).
import { createRequire } from 'node:module';
import { afterEach, expect, test } from 'vitest';

const require = createRequire(import.meta.url);
const React = require('next/dist/compiled/react') as typeof import('react');
const { hydrateRoot } = require('next/dist/compiled/react-dom/client') as typeof import('react-dom/client');
const h = React.createElement;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
const REACT_LAZY = Symbol.for('react.lazy');

/**
 * A streamed row as the Flight client keeps it, wrapped in the lazy node React meets in an element's children: pending
 * when React first reads it, fulfilled one microtask later.
 */
function lateChild(node: React.ReactNode): React.ReactNode {
  const listeners: (() => void)[] = [];
  const row = {
    status: 'pending',
    value: null as React.ReactNode,
    then(resolve: () => void) {
      listeners.push(resolve);
    },
  };
  const arrive = () => {
    row.status = 'fulfilled';
    row.value = node;
    for (const l of listeners) l();
  };
  return {
    $$typeof: REACT_LAZY,
    _payload: row,
    _init: (payload: typeof row) => {
      if (payload.status === 'fulfilled') return payload.value;
      queueMicrotask(arrive);
      throw payload;
    },
  } as unknown as React.ReactNode;
}

const SERVER_HTML = '<div id="outer"><p>before</p><div id="target"><section>lazy child</section></div><p>after</p></div>';
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
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
    const root = hydrateRoot(container, app, { onRecoverableError: (e) => errors.push(String(e)) });
    unmount = () => root.unmount();
  });
  await settle();

  expect(errors).toEqual([]);
  expect(container.innerHTML).toBe(SERVER_HTML);
  // Hydrated, not rendered again: the element the server sent is the one on the page.
  expect(container.querySelector('section')).toBe(serverSection);
});
