'use client';

/** The error pages' retry: asks the boundary to render its part again. */
export function TryAgainButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex h-11 items-center rounded-sm bg-ink px-6 text-sm font-medium text-ivory hover:bg-gold-dark"
    >
      Try again
    </button>
  );
}
