// The React that Next's App Router ships to the browser (next/dist/compiled, patches/next+*.patch), for the tests of
// its patched fixes, and the streamed rows its Flight client hands to React.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const React = require('next/dist/compiled/react') as typeof import('react');
export const ReactDOMClient = require('next/dist/compiled/react-dom/client') as typeof import('react-dom/client');
export const h = React.createElement;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
const REACT_LAZY = Symbol.for('react.lazy');

/** A streamed row as the Flight client keeps it: a thenable whose status says whether it has arrived. */
export interface StreamedRow {
  status: string;
  value: React.ReactNode;
  then(resolve: (value: React.ReactNode) => void): void;
}

/**
 * What a Flight element for a row looks like to React: a lazy node whose init throws the row until it is fulfilled.
 * `onRead` runs each time React reads the row before it has arrived.
 */
export function lazyRow(row: StreamedRow, onRead: () => void = () => {}): React.ReactNode {
  return {
    $$typeof: REACT_LAZY,
    _payload: row,
    _init: (payload: StreamedRow) => {
      if (payload.status === 'fulfilled') return payload.value;
      onRead();
      throw payload;
    },
  } as unknown as React.ReactNode;
}

/** Time for React's scheduler to run what it has queued. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
