/** The loading state of a screen: its heading and grey blocks where the figures will be. */
export function ScreenSkeleton({ title, blocks = 6 }: { title: string; blocks?: number }) {
  return (
    <div aria-busy="true">
      <h1 className="adm-h1">{title}</h1>
      <p className="sr-only" role="status">
        Loading…
      </p>
      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: blocks }, (_, i) => (
          <div key={i} className={`animate-pulse rounded-md bg-neutral-200/70 ${i < 4 ? 'h-24' : 'col-span-2 h-56'}`} />
        ))}
      </div>
    </div>
  );
}
