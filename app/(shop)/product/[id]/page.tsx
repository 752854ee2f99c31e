import { ProductRoutePage, productMetadata } from '@/components/product/product-page';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  return productMetadata(null, (await params).id);
}

export default async function Page({ params }: Props) {
  return <ProductRoutePage category={null} id={(await params).id} />;
}
