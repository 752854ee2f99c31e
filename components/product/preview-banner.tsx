import Link from '@/components/shop/shop-link';

/** The strip above a staff preview: what buyers cannot see, and the way back to the product's form. */
export function PreviewBanner({ text, backHref }: { text: string; backHref: string }) {
  return (
    <div className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm sm:px-6 lg:px-8">
        <p role="status" className="font-medium text-amber-950">
          {text}
        </p>
        <Link href={backHref} className="text-amber-950 underline underline-offset-2">
          Back to the product
        </Link>
      </div>
    </div>
  );
}
