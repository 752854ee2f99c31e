'use client';
// The add/edit form of the product modal. The table's own zod schema checks it as the admin saves (the server action
// checks the same schema again); errors appear beside their fields and the first one gets the focus, switching Price
// Information to the item type and stone it belongs to when it is a hidden price.
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { createProduct, updateProduct } from '@/lib/admin/catalog/actions';
import { CATEGORY_FIELDS } from '@/lib/admin/catalog/fields';
import { emptyFormValues, formValuesFromRow, submittedValues, type EditableRow, type FormValues } from '@/lib/admin/catalog/form-values';
import { PRODUCT_SCHEMAS } from '@/lib/admin/catalog/schema';
import type { Category } from '@/lib/catalog/categories';
import { fieldErrors } from '@/lib/core/errors';
import { BasicInformation, OptionsColumn, PriceInformation, StoneDetails, VolumePricing, type PriceChoice } from './form-sections';
import { RingSizes } from './ring-sizes-section';

interface ProductFormProps {
  id: string;
  category: Category;
  /** The stored product when editing; null when adding. */
  product: EditableRow | null;
  onBusyChange(busy: boolean): void;
  onSaved(id: string): void;
}

export function ProductForm({ id, category, product, onBusyChange, onSaved }: ProductFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(() => (product ? formValuesFromRow(category, product) : emptyFormValues(category)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [choice, setChoice] = useState<PriceChoice>({ itemType: CATEGORY_FIELDS[category].itemTypes[0] ?? null, stone: 1 });
  const [focusError, setFocusError] = useState(false);
  const [busy, setBusy] = useState(false);

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

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const sent = submittedValues(category, values);
    const checked = PRODUCT_SCHEMAS[category].safeParse(sent);
    if (!checked.success) {
      showErrors(fieldErrors(checked.error));
      return;
    }
    setBusy(true);
    onBusyChange(true);
    try {
      const result = product
        ? await updateProduct({ category, id: product.id, values: sent })
        : await createProduct({ category, values: sent });
      if (result.ok) {
        toast.success(result.message ?? (product ? 'Product updated successfully' : 'Product added successfully'));
        onSaved(result.data.id);
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
    <form id={id} ref={formRef} onSubmit={save} noValidate aria-busy={busy} className="space-y-4">
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
        </div>
        <div>
          <OptionsColumn {...sectionProps} />
        </div>
      </div>
    </form>
  );
}
