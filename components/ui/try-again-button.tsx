'use client';

/** The error pages' retry: asks the boundary to render its part again. */
export function TryAgainButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="btn-primary rounded-sm"
    >
      Try again
    </button>
  );
}
