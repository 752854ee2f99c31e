export default function AccountLoading() {
  return (
    <div className="mx-auto flex min-h-[40vh] w-full max-w-5xl items-center justify-center px-4 py-10">
      <p role="status" aria-live="polite" className="text-stone-muted">
        Loading...
      </p>
    </div>
  );
}
