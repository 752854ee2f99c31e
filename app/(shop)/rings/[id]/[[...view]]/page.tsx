import { ProductRoutePage, productMetadata } from '@/components/product/product-page';

// Rendered on its first request and then served from the cache (ISR); product edits revalidate the 'catalog' tag.
export const revalidate = 300;
export const generateStaticParams = () => [];

// The optional segment is the price view the middleware adds for a signed-in buyer (lib/purchase/price-view-paths.ts).
type Props = { params: Promise<{ id: string; view?: string[] }> };

export async function generateMetadata({ params }: Props) {
  return productMetadata('rings', (await params).id);
}

export default async function Page({ params }: Props) {
  const { id, view } = await params;
  return <ProductRoutePage category="rings" id={id} segments={view} />;
}
