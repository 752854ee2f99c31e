import 'server-only';
// What the packing desk reads, as the admin under RLS: one order for its packing slip, or the lines of many orders
// for a pick list in one statement (the orders left-joined to their lines, so an order without lines still counts as
// found). Names and SKUs are the catalog's as they are now, as the orders screen shows them.
import type { Address } from '../../checkout/address';
import type { Category } from '../../catalog/categories';
import { withActor, type DbActor } from '../../core/db';
import { orderReference } from '../../orders/reference';
import { readShopSettings, type ShopSettings } from '../../settings/shop-settings';
import type { PackingLine, PickLine } from './packing-rows';

export interface PackingSlipData {
  seller: ShopSettings;
  reference: string;
  placedAt: string;
  purchaseOrder: string | null;
  company: string | null;
  customerName: string | null;
  shipping: Address | null;
  lines: PackingLine[];
}

export interface PickListData {
  seller: ShopSettings;
  /** The references of the orders found, in the order asked. */
  references: string[];
  /** Ids asked for that no order has (or that the admin may not read). */
  missing: string[];
  lines: PickLine[];
}

interface LineRow {
  product_id: string;
  sku: string | null;
  name: string | null;
  category: Category | null;
  choices: unknown;
  quantity: number;
}

const toLine = (r: LineRow): PackingLine => ({
  productId: r.product_id,
  sku: r.sku,
  name: r.name,
  category: r.category,
  choices: r.choices,
  quantity: Number(r.quantity),
});

export async function readPackingSlip(actor: DbActor, orderId: string): Promise<PackingSlipData | null> {
  return withActor(actor, async (tx) => {
    const [order] = await tx<
      {
        id: string;
        order_reference: string | null;
        created_at: Date;
        purchase_order: string | null;
        company_name: string | null;
        customer_name: string | null;
        shipping_address: Address | null;
      }[]
    >`select id, order_reference, created_at, purchase_order, company_name, customer_name, shipping_address
        from public.orders where id = ${orderId}`;
    if (!order) return null;
    const lines = await tx<LineRow[]>`
      select i.product_id, c.sku, c.name, coalesce(i.product_category, c.category) as category, i.choices, i.quantity
        from public.order_items i left join public.catalog_products c on c.id = i.product_id
       where i.order_id = ${orderId}
       order by i.created_at, i.id`;
    return {
      seller: await readShopSettings(tx),
      reference: orderReference(order),
      placedAt: order.created_at.toISOString(),
      purchaseOrder: order.purchase_order,
      company: order.company_name,
      customerName: order.customer_name,
      shipping: order.shipping_address,
      lines: lines.map(toLine),
    };
  });
}

export async function readPickList(actor: DbActor, ids: readonly string[]): Promise<PickListData> {
  return withActor(actor, async (tx) => {
    const rows = await tx<
      (Partial<LineRow> & {
        order_id: string;
        order_reference: string | null;
      })[]
    >`
      select o.id as order_id, o.order_reference, i.product_id, c.sku, c.name,
             coalesce(i.product_category, c.category) as category, i.choices, i.quantity
        from public.orders o
        left join public.order_items i on i.order_id = o.id
        left join public.catalog_products c on c.id = i.product_id
       where o.id = any(${[...ids]}::uuid[])`;
    const found = new Map<string, string>();
    const lines: PickLine[] = [];
    for (const r of rows) {
      const reference = orderReference({
        id: r.order_id,
        order_reference: r.order_reference,
      });
      found.set(r.order_id, reference);
      if (r.product_id) lines.push({ ...toLine(r as LineRow), reference });
    }
    const asked = ids.map((id) => id.toLowerCase());
    return {
      seller: await readShopSettings(tx),
      references: asked.filter((id) => found.has(id)).map((id) => found.get(id)!),
      missing: asked.filter((id) => !found.has(id)),
      lines,
    };
  });
}
