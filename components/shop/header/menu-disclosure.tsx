import type { ReactNode } from 'react';
import { DeferredMenuController } from './deferred-islands';

/**
 * A header dropdown (a disclosure: a button and a panel of links), drawn on the server closed; its behaviour
 * (./menu-controller.tsx) comes after the page's load event and enables the button.
 */
export function MenuDisclosure({ id, label, icon, children }: { id: string; label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div id={id} className="relative">
      <button
        type="button"
        disabled
        aria-expanded="false"
        aria-controls={`${id}-panel`}
        className="group inline-flex items-center gap-1 py-2 text-sm tracking-wide text-ink transition-colors hover:text-gold-dark"
      >
        {label}
        {icon}
      </button>
      <div id={`${id}-panel`} hidden className="dd-panel">
        {children}
      </div>
      <DeferredMenuController id={id} />
    </div>
  );
}
