import ShopLink from '@/components/shop/shop-link';

/** The payment did not match the order's total: the shop refunded it and placed no order. */
export function PaymentRefunded() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center" role="status">
      <h1 className="text-3xl sm:text-4xl">Payment refunded</h1>
      <p className="mt-3 text-ink-soft">
        The amount paid did not match your order total, so no order was placed and the full payment has been refunded
        to your card. Refunds usually appear within 5 to 10 business days. Please place your order again.
      </p>
      <ShopLink href="/products" className="mt-8 text-sm font-medium text-gold-dark underline underline-offset-4">
        Continue Shopping
      </ShopLink>
    </div>
  );
}
