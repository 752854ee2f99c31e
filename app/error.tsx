'use client';
import { lazyErrorBoundary } from '@/components/ui/lazy-error-boundary';

// 'Unexpected Application Error!' (components/ui/app-error-body.tsx), loaded when there is an error.
export default lazyErrorBoundary(() => import('@/components/ui/app-error-body'));
