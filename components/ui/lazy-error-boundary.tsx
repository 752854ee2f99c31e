'use client';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';

/** What Next.js gives an error.tsx. */
export interface ErrorBoundaryProps {
  error: Error & { digest?: string };
  reset: () => void;
}

/**
 * An error.tsx whose body loads when there is an error: the boundary's own code loads with every page of its
 * routes, so it stays this small.
 */
export function lazyErrorBoundary(load: () => Promise<{ default: ComponentType<ErrorBoundaryProps> }>): ComponentType<ErrorBoundaryProps> {
  const Body = lazy(load);
  return function LazyErrorBoundary(props: ErrorBoundaryProps) {
    return (
      <Suspense fallback={null}>
        <Body {...props} />
      </Suspense>
    );
  };
}

/** Logs the error an error body shows (the browser console is where a shopper's report starts). */
export function useLogError(error: Error): void {
  useEffect(() => {
    console.error(error);
  }, [error]);
}
