'use client';
import { lazy, Suspense, type ComponentType } from 'react';

/** Resolves once the page's load event has passed (at once on the server and after it). */
const pageLoaded: Promise<void> =
  typeof window === 'undefined'
    ? Promise.resolve()
    : new Promise((resolve) => {
        if (document.readyState === 'complete') resolve();
        else window.addEventListener('load', () => resolve(), { once: true });
      });

/**
 * A client component whose code the browser fetches only after the page's load event, for parts that draw nothing
 * (or next to nothing) and are not needed before then: effects such as the image guard, the toaster until its
 * first toast. The server renders the part in place; React hydrates it once its code has arrived.
 *
 * Only for parts whose HTML stays under about 500 bytes: React moves a larger Suspense boundary's HTML to the end
 * of the document once 12.8 kB have gone before it and puts it in place with a script, which can show the page
 * without it first and then shift it (a deferred product gallery did).
 */
export function afterLoad<P extends object>(load: () => Promise<ComponentType<P>>, onServer: ServerComponent<P>): ComponentType<P> {
  const fetchCode = () => load().then((component) => ({ default: component }));
  const code = typeof window === 'undefined' ? null : pageLoaded.then(fetchCode);
  const Deferred = lazy(() => code ?? fetchCode());
  // The server renders the part itself, in place: behind React.lazy it would suspend, and its HTML would come after
  // the page's with a script to move it into place.
  const Server = onServer?.();
  function AfterLoad(props: P) {
    return <Suspense fallback={null}>{Server ? <Server {...props} /> : <Deferred {...props} />}</Suspense>;
  }
  return AfterLoad;
}

/**
 * The part itself for the server render, as `typeof window === 'undefined' ? () => require('./part').Part : null`:
 * the build drops that branch from browser bundles, so the part's code stays out of the page's chunks.
 */
type ServerComponent<P> = (() => ComponentType<P>) | null;
