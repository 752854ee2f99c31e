// The order-reference rule lives with checkout, where an order gets its name, so documents and mail can use it too.
export { orderReference, type ReferencedOrder, type ReferencePlace } from '../checkout/order-reference';
