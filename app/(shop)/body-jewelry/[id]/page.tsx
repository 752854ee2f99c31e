import { ProductRoutePage, productMetadata } from '@/components/product/product-page';

// Rendered on its first request and then served from the cache (ISR); product edits revalidate the 'catalog' tag.
export const revalidate = 300;
export const generateStaticParams = () => [];

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  return productMetadata('body_jewelry', (await params).id);
}

export default async function Page({ params }: Props) {
  return <ProductRoutePage category="body_jewelry" id={(await params).id} />;
}
