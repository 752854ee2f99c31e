'use client';
import { ChevronDown } from 'lucide-react';
import { Fragment, useState } from 'react';
import { refundNote } from '@/lib/admin/orders/refund-rules';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { PURCHASE_ORDER_LABEL } from '@/lib/checkout/contact';
import { formatCents } from '@/lib/core/format/money';
import { STATUS_BADGE, statusLabel } from '@/lib/orders/status';
import { OrderDetails } from './order-details';
import { OrderDialog } from './order-dialog';
import { RefundForm } from './refund-dialog';
import { BulkBar } from './bulk-bar';
import { BULK_BAR } from '@/lib/admin/orders/labels';

/** A cell's column name, shown only in the phone's card layout (the table's header says it on wider screens). */
function CardLabel({ children }: { children: string }) {
  return <span className="block text-[11px] font-semibold uppercase tracking-wide text-stone-muted md:hidden">{children}</span>;
}

/** Net paid, with what went back: 'Partially refunded $100.00 of $2,794.80'. */
function TotalCell({ order }: { order: AdminOrder }) {
  const note = refundNote(order.money, formatCents);
  return (
    <>
      <span className="tabular">{formatCents(note ? order.money.netCents : order.totalCents)}</span>
      {note && (
        <span className="block text-xs text-orange-900">
          {note} <span className="text-stone-muted">of {formatCents(order.money.paidCents)}</span>
        </span>
      )}
    </>
  );
}

function RowActions({ order, expanded, detailsId, toggle }: { order: AdminOrder; expanded: boolean; detailsId: string; toggle(): void }) {
  const [refunding, setRefunding] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {order.refundableCents > 0 && (
        <button type="button" className="adm-btn h-7 px-2" onClick={() => setRefunding(true)}>
          Refund<span className="sr-only"> order {order.reference}</span>
        </button>
      )}
      <button type="button" className="adm-btn h-7 px-2" aria-expanded={expanded} aria-controls={detailsId} onClick={toggle}>
        <span>{expanded ? 'Hide' : 'Details'}</span>
        <span className="sr-only"> of order {order.reference}</span>
        <ChevronDown aria-hidden className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
      </button>
      <OrderDialog open={refunding} onOpenChange={setRefunding}>
        <RefundForm order={order} close={() => setRefunding(false)} />
      </OrderDialog>
    </div>
  );
}

/** A row's or the page's selection box. */
function SelectBox({ label, checked, mixed = false, onChange }: { label: string; checked: boolean; mixed?: boolean; onChange(v: boolean): void }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="size-4 shrink-0 accent-neutral-800"
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = mixed;
      }}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

/**
 * Orders of one page, each with a selection box for the bar of bulk actions; a row opens to show its items, addresses, payment, status selector and history. Below 768 px
 * the same table is a list of cards (each cell labelled, actions included), and an opened row is a full-width panel.
 */
export function OrdersTable({ orders, initiallyOpen = [] }: { orders: AdminOrder[]; initiallyOpen?: string[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  // Only rows of this page count: a selection does not follow the admin to another page or search.
  const selected = orders.filter((o) => picked.has(o.id)).map((o) => o.id);
  const all = orders.length > 0 && selected.length === orders.length;
  const pick = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pickAll = (on: boolean) => setPicked(on ? new Set(orders.map((o) => o.id)) : new Set());
  const selectAll = (label: string) => (
    <SelectBox label={label} checked={all} mixed={!all && selected.length > 0} onChange={pickAll} />
  );
  // Compact rows on wider screens, so a desk screen shows most of a page of 20 at once.
  const cell = 'max-md:border-0 max-md:p-0 md:py-1';
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 text-sm md:hidden">
        {selectAll(BULK_BAR.selectAll)}
        <span aria-hidden>{BULK_BAR.selectAll}</span>
      </label>
      {selected.length > 0 && <BulkBar orders={orders.filter((o) => picked.has(o.id))} clear={() => setPicked(new Set())} />}
      <div className="relative rounded-md border border-neutral-200 bg-white max-md:border-0 max-md:bg-transparent md:overflow-x-auto">
        <table className="adm-table max-md:block">
          <caption className="sr-only">Orders</caption>
          <thead className="max-md:sr-only">
            <tr>
              <th scope="col" className="md:py-1.5">
                <span className="flex items-center gap-2">
                  {/* The phone has its own box above the cards. */}
                  <span className="max-md:hidden">{selectAll(BULK_BAR.selectAll)}</span>
                  Order Ref
                </span>
              </th>
              <th scope="col">Customer</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col" className="text-right">
                Total
              </th>
              <th scope="col" className="text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="max-md:block max-md:space-y-3">
            {orders.map((o) => {
              const expanded = open.has(o.id);
              const detailsId = `order-${o.id}`;
              return (
                <Fragment key={o.id}>
                  <tr
                    data-testid="order-row"
                    className={`${picked.has(o.id) ? 'bg-amber-50/60 ' : ''}max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:rounded-md max-md:border max-md:border-neutral-200 max-md:bg-white max-md:p-3 ${expanded ? 'bg-neutral-50 max-md:rounded-b-none' : ''}`}
                  >
                    <th scope="row" className={`${cell} max-md:col-span-2`}>
                      <span className="flex items-center gap-2">
                        <SelectBox label={BULK_BAR.selectRow(o.reference)} checked={picked.has(o.id)} onChange={(on) => pick(o.id, on)} />
                        <span className="tabular md:whitespace-nowrap">{o.reference}</span>
                      </span>
                    </th>
                    {/* One line on wider screens: a long company or PO is cut short here, shown in full in the details. */}
                    <td className={`${cell} md:max-w-80 md:truncate`} title={[o.customerName, o.companyName, o.purchaseOrder].filter(Boolean).join(' · ')}>
                      <CardLabel>Customer</CardLabel>
                      <span className="break-words">{o.customerName ?? 'Guest'}</span>
                      {(o.companyName || o.purchaseOrder) && (
                        <span className="block break-words text-xs leading-4 text-stone-muted md:ml-2 md:inline md:break-normal" data-testid="order-row-business">
                          {[o.companyName, o.purchaseOrder && `${PURCHASE_ORDER_LABEL} ${o.purchaseOrder}`].filter(Boolean).join(' · ')}
                        </span>
                      )}
                    </td>
                    <td className={`${cell} md:whitespace-nowrap`}>
                      <CardLabel>Date</CardLabel>
                      {o.dateLabel}
                    </td>
                    <td className={cell}>
                      <CardLabel>Status</CardLabel>
                      <span className={`adm-badge ${STATUS_BADGE[o.status]}`}>{statusLabel(o.status)}</span>
                    </td>
                    <td className={`${cell} md:text-right`}>
                      <CardLabel>Total</CardLabel>
                      <TotalCell order={o} />
                    </td>
                    <td className={`${cell} max-md:col-span-2 md:text-right`}>
                      <RowActions order={o} expanded={expanded} detailsId={detailsId} toggle={() => toggle(o.id)} />
                    </td>
                  </tr>
                  {expanded && (
                    <tr id={detailsId} className="max-md:-mt-3 max-md:block">
                      <td colSpan={6} className="!p-0 max-md:block max-md:overflow-hidden max-md:rounded-b-md max-md:border max-md:border-t-0 max-md:border-neutral-200">
                        <OrderDetails order={o} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
