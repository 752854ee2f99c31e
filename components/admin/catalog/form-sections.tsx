'use client';
// The product modal's groups of fields: Basic Information, Stone Details, Price Information (one item type and one
// stone at a time) and the Options column. Every input is named by its table column; errors show beside their field.
import type { ReactNode } from 'react';
import { AdminField } from '../field';
import { CATEGORY_FIELDS, DESCRIPTION_MAX, flagFields, NAME_MAX, NECKLACE_TYPES, SKU_MAX, STONE_MAX, visiblePrices, type ItemType, type StoneNumber } from '@/lib/admin/catalog/fields';
import type { FormValues } from '@/lib/admin/catalog/form-values';
import { MATERIALS, materialLabel, type Category } from '@/lib/catalog/categories';
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '@/lib/catalog/status';

export interface SectionProps {
  category: Category;
  values: FormValues;
  errors: Record<string, string>;
  set(column: string, value: string | boolean): void;
}

/** A group of fields; `disabled` disables every control in it (a fieldset's own rule). */
export function Section({ title, children, className = '', disabled }: { title: string; children: ReactNode; className?: string; disabled?: boolean }) {
  return (
    <fieldset disabled={disabled} className={`min-w-0 rounded-md border border-neutral-200 p-4 ${className}`}>
      <legend className="px-1 text-sm font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

interface InputProps extends SectionProps {
  column: string;
  label: string;
  type?: 'text' | 'number';
  step?: string;
  min?: string;
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  prefix?: string;
}

export function Input({ column, label, values, errors, set, type = 'text', step, min, maxLength, required, disabled, hint, prefix }: InputProps) {
  return (
    <AdminField label={label} error={errors[column]} hint={hint}>
      {(control) => (
        <div className="relative">
          {prefix && (
            <span aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-stone-muted">
              {prefix}
            </span>
          )}
          <input
            {...control}
            name={column}
            type={type}
            step={step}
            min={min}
            inputMode={type === 'number' ? (step === '1' ? 'numeric' : 'decimal') : undefined}
            maxLength={maxLength}
            required={required}
            disabled={disabled}
            value={String(values[column] ?? '')}
            onChange={(e) => set(column, e.target.value)}
            className={`adm-input ${type === 'number' ? 'tabular' : ''} ${prefix ? 'pl-6' : ''} disabled:bg-neutral-100 disabled:text-neutral-400`}
          />
        </div>
      )}
    </AdminField>
  );
}

type SelectProps = SectionProps & { column: string; label: string; options: { value: string; label: string }[]; hint?: string; noBlank?: boolean };

export function Select({ column, label, options, hint, noBlank, ...props }: SelectProps) {
  const current = String(props.values[column] ?? '');
  // A stored value outside the list (from an older import) stays selectable, so saving does not change it silently.
  const all = current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
  return (
    <AdminField label={label} error={props.errors[column]} hint={hint}>
      {(control) => (
        <select {...control} name={column} value={current} onChange={(e) => props.set(column, e.target.value)} className="adm-input disabled:bg-neutral-100 disabled:text-neutral-400">
          {!noBlank && <option value="">—</option>}
          {all.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </AdminField>
  );
}

export function BasicInformation(props: SectionProps) {
  const f = CATEGORY_FIELDS[props.category];
  return (
    <Section title="Basic Information">
      <div className="grid gap-3 sm:grid-cols-2">
        <Input {...props} column="name" label="Name" maxLength={NAME_MAX} required />
        <Input {...props} column="sku" label="SKU" maxLength={SKU_MAX} />
        <Select
          {...props}
          column="status"
          label="Status"
          noBlank
          options={PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] }))}
          hint="Only active products are shown in the shop"
        />
        <Select {...props} column="material" label="Material" options={MATERIALS.map((m) => ({ value: m, label: materialLabel(m) }))} />
        <Input {...props} column="stone" label="Stone" maxLength={STONE_MAX} hint="The main stone, used in search" />
        {f.hasNecklaceType && <Select {...props} column="necklace_type" label="Necklace Type" options={NECKLACE_TYPES.map((t) => ({ value: t, label: t }))} />}
        {f.texts.map((t) => (
          <Input key={t.column} {...props} column={t.column} label={t.label} maxLength={t.max} />
        ))}
        <Input {...props} column="weight" label="Weight (grams)" type="number" step="0.01" min="0" />
        <Input {...props} column="moq" label="MOQ" type="number" step="1" min="1" hint="Minimum order quantity" />
        <Input {...props} column="pack_size" label="Pack size" type="number" step="1" min="1" hint="Sold in multiples of this" />
        <div className="sm:col-span-2">
          <AdminField label="Description" error={props.errors.description}>
            {(control) => (
              <textarea
                {...control}
                name="description"
                rows={4}
                maxLength={DESCRIPTION_MAX}
                value={String(props.values.description ?? '')}
                onChange={(e) => props.set('description', e.target.value)}
                className="adm-textarea"
              />
            )}
          </AdminField>
        </div>
      </div>
    </Section>
  );
}

function Tick({ column, label, values, set, disabled }: Pick<SectionProps, 'values' | 'set'> & { column: string; label: string; disabled?: boolean }) {
  return (
    <label className="flex min-h-9 items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={column}
        className="size-4 accent-ink"
        checked={values[column] === true}
        disabled={disabled}
        onChange={(e) => set(column, e.target.checked)}
      />
      {label}
    </label>
  );
}

/** Volume tiers as the CSV spells them: every option of the product counts toward a break together. */
export function VolumePricing(props: SectionProps) {
  return (
    <Section title="Volume pricing">
      <Input
        {...props}
        column="price_breaks"
        label="Price breaks"
        hint="Quantity:percent off, such as 10:5;50:10. Every option of the product counts toward a break together."
      />
    </Section>
  );
}

export function StoneDetails(props: SectionProps) {
  const two = props.values.has_stone2 === true;
  return (
    <Section title="Stone Details">
      <div className="grid gap-3 sm:grid-cols-2">
        <Input {...props} column="stone1" label="Stone 1" maxLength={STONE_MAX} hint="Name of the first stone choice" />
        <div className="space-y-1">
          <Tick {...props} column="has_stone2" label="Has Stone 2" />
          <Input {...props} column="stone2" label="Stone 2" maxLength={STONE_MAX} disabled={!two} hint={two ? undefined : "Tick 'Has Stone 2' to add a second stone."} />
        </div>
      </div>
    </Section>
  );
}

/** A segmented choice (native radios, so arrow keys move between them). */
function Toggle<T extends string | number>({ legend, name, options, value, onChange }: {
  legend: string;
  name: string;
  options: { value: T; label: string; disabled?: boolean; count: number }[];
  value: T;
  onChange(value: T): void;
}) {
  return (
    <fieldset>
      <legend className="adm-label">{legend}</legend>
      <div className="inline-flex rounded-md border border-neutral-300 bg-neutral-50 p-0.5">
        {options.map((o) => (
          <label key={String(o.value)} className={`relative ${o.disabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer'}`}>
            <input type="radio" name={name} className="peer sr-only" checked={value === o.value} disabled={o.disabled} onChange={() => onChange(o.value)} />
            <span className="block rounded px-3 py-1.5 text-sm peer-checked:bg-white peer-checked:font-semibold peer-checked:shadow-sm peer-focus-visible:ring-2 peer-focus-visible:ring-gold-dark">
              {o.label}
              <span className="tabular ml-1 text-xs text-stone-muted">({o.count})</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const ITEM_TYPE_LABEL: Record<ItemType, string> = { necklace: 'Necklace', bracelet: 'Bracelet' };

export interface PriceChoice {
  itemType: ItemType | null;
  stone: StoneNumber;
}

export function PriceInformation(props: SectionProps & { choice: PriceChoice; choose(choice: PriceChoice): void }) {
  const { category, values, choice, choose } = props;
  const f = CATEGORY_FIELDS[category];
  const filled = (itemType: ItemType | null, stone: StoneNumber) => visiblePrices(category, itemType, stone).filter((p) => String(values[p.column] ?? '').trim() !== '').length;
  const stoneTwo = values.has_stone2 === true;
  const prices = visiblePrices(category, choice.itemType, choice.stone);
  return (
    <Section title="Price Information">
      <div className="flex flex-wrap gap-4">
        {f.itemTypes.length > 0 && (
          <Toggle
            legend="Item Type"
            name="price-item-type"
            value={choice.itemType ?? f.itemTypes[0]!}
            onChange={(itemType) => choose({ ...choice, itemType })}
            options={f.itemTypes.map((t) => ({ value: t, label: ITEM_TYPE_LABEL[t], count: filled(t, 1) + filled(t, 2) }))}
          />
        )}
        <Toggle
          legend="Stone"
          name="price-stone"
          value={choice.stone}
          onChange={(stone) => choose({ ...choice, stone })}
          options={([1, 2] as const).map((s) => ({ value: s, label: `Stone ${s}`, disabled: s === 2 && !stoneTwo, count: filled(choice.itemType, s) }))}
        />
      </div>
      <p className="adm-muted mt-2 text-xs">Prices in dollars, in steps of 0.01. Leave a price empty when that option is not sold.</p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {prices.map((p) => (
          <Input
            key={p.column}
            {...props}
            column={p.column}
            label={p.itemType ? `${ITEM_TYPE_LABEL[p.itemType]} ${p.label}` : `Price, Stone ${p.stone}`}
            type="number"
            step="0.01"
            min="0"
            prefix="$"
            disabled={p.stone === 2 && !stoneTwo}
          />
        ))}
      </div>
    </Section>
  );
}

export function OptionsColumn(props: SectionProps) {
  return (
    <Section title="Options">
      <div className="flex flex-col">
        {flagFields(props.category).map((x) => (
          <Tick key={x.column} {...props} column={x.column} label={x.label} />
        ))}
      </div>
    </Section>
  );
}
