'use client';
// The add/edit form of the product modal. The table's own zod schema checks it as the admin saves (the server action
// checks the same schema again); errors appear beside their fields and the first one gets the focus, switching Price
// Information to the item type and stone it belongs to when it is a hidden price.
import { useEffect, useRef, useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { toast } from '@/components/ui/toaster';
import { createProduct, updateProduct } from '@/lib/admin/catalog/actions';
import { CATEGORY_FIELDS } from '@/lib/admin/catalog/fields';
import { emptyFormValues, formValuesFromRow, submittedValues, type EditableRow, type FormValues } from '@/lib/admin/catalog/form-values';
import { PRODUCT_SCHEMAS } from '@/lib/admin/catalog/schema';
import type { Category } from '@/lib/catalog/categories';
import { fieldErrors } from '@/lib/core/errors';
import { BasicInformation, OptionsColumn, PriceInformation, StoneDetails, VolumePricing, type PriceChoice } from './form-sections';
import { RingSizes } from './ring-sizes-section';
import { LeadTimeSection } from './lead-time-section';
import { ConfirmDialog } from './confirm-dialog';
import { GO_BACK, goesActive, NOT_READY_NOTE, NOT_READY_TITLE, missingText, productFacts, PUBLISH_ANYWAY, READINESS_FIELD, readinessGaps } from '@/lib/admin/catalog/readiness';
import { PREVIEW_LINK, previewPath } from '@/lib/catalog/preview-rules';

interface ProductFormProps {
  id: string;
  category: Category;
  /** The stored product when editing; null when adding. */
  product: EditableRow | null;
  /** The stored product has an image (a new one has none yet): part of being ready for the shop. */
  hasImage: boolean;
  onBusyChange(busy: boolean): void;
  onSaved(id: string): void;
}

export function ProductForm({ id, category, product, hasImage, onBusyChange, onSaved }: ProductFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(() => (product ? formValuesFromRow(category, product) : emptyFormValues(category)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [choice, setChoice] = useState<PriceChoice>({ itemType: CATEGORY_FIELDS[category].itemTypes[0] ?? null, stone: 1 });
  const [focusError, setFocusError] = useState(false);
  const [busy, setBusy] = useState(false);
  // "Missing: …" while the not-ready dialog is open.
  const [unready, setUnready] = useState<string | null>(null);
  const submitRef = useRef<HTMLElement | null>(null);

  function set(column: string, value: string | boolean) {
    setValues((v) => ({ ...v, [column]: value }));
    setErrors(({ [column]: _fixed, ...rest }) => rest);
    if (column === 'has_stone2' && value === false) setChoice((c) => ({ ...c, stone: 1 }));
    // Ticking Adjustable disables the ring's sizes: their errors no longer apply.
    if (column === 'is_adjustable' && value === true) setErrors(({ sizes: _s, size_surcharge: _a, size_surcharge_from: _f, ...rest }) => rest);
  }

  // The first field in error gets the focus; a price that is not shown is brought into view first.
  useEffect(() => {
    if (!focusError) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) {
      field.focus();
      setFocusError(false);
      return;
    }
    const hidden = CATEGORY_FIELDS[category].prices.find((p) => errors[p.column]);
    if (hidden && (hidden.itemType !== choice.itemType || hidden.stone !== choice.stone)) setChoice({ itemType: hidden.itemType, stone: hidden.stone });
    else setFocusError(false);
  }, [focusError, errors, choice, category]);

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    setFocusError(true);
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    submitRef.current = submitter instanceof HTMLElement ? submitter : null;
    void save(false);
  }

  async function save(publishAnyway: boolean) {
    if (busy) return;
    const sent = submittedValues(category, values);
    const checked = PRODUCT_SCHEMAS[category].safeParse(sent);
    if (!checked.success) {
      showErrors(fieldErrors(checked.error));
      return;
    }
    // Going active while something is missing asks first; the server asks again (409) if this check missed it.
    const gaps = goesActive(product ? String(product.status) : null, String(checked.data.status)) ? readinessGaps(productFacts(category, checked.data, hasImage)) : [];
    if (!publishAnyway && gaps.length > 0) {
      setUnready(missingText(gaps));
      return;
    }
    setBusy(true);
    onBusyChange(true);
    try {
      const result = product
        ? await updateProduct({ category, id: product.id, values: sent, publishAnyway })
        : await createProduct({ category, values: sent, publishAnyway });
      if (result.ok) {
        toast.success(result.message ?? (product ? 'Product updated successfully' : 'Product added successfully'));
        onSaved(result.data.id);
      } else if (result.status === 409 && result.fieldErrors?.[READINESS_FIELD]) {
        setUnready(result.fieldErrors[READINESS_FIELD]);
      } else {
        if (result.fieldErrors) showErrors(result.fieldErrors);
        toast.error('Failed to save product', { description: result.error });
      }
    } catch {
      toast.error('Failed to save product', { description: 'The request did not reach the server. Please try again.' });
    } finally {
      setBusy(false);
      onBusyChange(false);
    }
  }

  const errorCount = Object.keys(errors).length;
  const sectionProps = { category, values, errors, set };
  return (
    <form id={id} ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy} className="space-y-4">
      {product && (
        <p className="flex justify-end">
          {/* A new tab: the modal keeps what is being typed. */}
          <a href={previewPath(category, product.id)} target="_blank" rel="noopener" className="adm-btn h-8 gap-1.5 px-2.5">
            {PREVIEW_LINK}
            <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      )}
      {errorCount > 0 && (
        <p role="alert" className="adm-error">
          Please correct the {errorCount === 1 ? 'field' : `${errorCount} fields`} marked below.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[1fr_13rem]">
        <div className="min-w-0 space-y-4">
          <BasicInformation {...sectionProps} />
          <StoneDetails {...sectionProps} />
          <PriceInformation {...sectionProps} choice={choice} choose={setChoice} />
          {CATEGORY_FIELDS[category].ringSizes && <RingSizes {...sectionProps} />}
          <VolumePricing {...sectionProps} />
          <LeadTimeSection {...sectionProps} />
        </div>
        <div>
          <OptionsColumn {...sectionProps} />
        </div>
      </div>
      <ConfirmDialog
        open={unready !== null}
        title={NOT_READY_TITLE}
        description={`${unready ?? ''}. ${NOT_READY_NOTE}`}
        confirmLabel={PUBLISH_ANYWAY}
        cancelLabel={GO_BACK}
        busy={busy}
        busyLabel="Saving…"
        tone="primary"
        onConfirm={() => {
          setUnready(null);
          void save(true);
        }}
        onCancel={() => setUnready(null)}
        returnFocus={submitRef}
      />
    </form>
  );
}
