'use client';
// The product modal's lead time: in stock (ships in N business days) or made to order (N to M weeks), with the words
// the shop will show. Switching the kind offers that kind's usual numbers.
import {
  DEFAULT_LEAD_TIME,
  DEFAULT_MADE_TO_ORDER,
  LEAD_TIME_KIND_LABELS,
  LEAD_TIME_KINDS,
  leadTimeLabel,
  leadTimeProblem,
  isLeadTimeKind,
  type LeadTime,
} from '@/lib/catalog/lead-time';
import { Input, Section, Select, type SectionProps } from './form-sections';

/** The form's numbers as a lead time, or null while they are not one. */
function typed(values: SectionProps['values']): LeadTime | null {
  const kind = String(values.lead_time_kind);
  if (!isLeadTimeKind(kind)) return null;
  const num = (v: unknown) => (/^\d{1,4}$/.test(String(v ?? '').trim()) ? Number(String(v).trim()) : NaN);
  const min = num(values.lead_time_min);
  const lt: LeadTime = { kind, min, max: kind === 'in_stock' ? min : num(values.lead_time_max) };
  return leadTimeProblem(lt) ? null : lt;
}

export function LeadTimeSection(props: SectionProps) {
  const { values, set } = props;
  const madeToOrder = values.lead_time_kind === 'made_to_order';
  const shown = typed(values);
  const setKind = (column: string, kind: string | boolean) => {
    const start = kind === 'made_to_order' ? DEFAULT_MADE_TO_ORDER : DEFAULT_LEAD_TIME;
    set(column, kind);
    set('lead_time_min', String(start.min));
    set('lead_time_max', String(start.max));
  };
  return (
    <Section title="Lead time">
      <div className="grid gap-3 sm:grid-cols-3">
        <Select
          {...props}
          set={setKind}
          column="lead_time_kind"
          label="Ships"
          noBlank
          options={LEAD_TIME_KINDS.map((k) => ({ value: k, label: LEAD_TIME_KIND_LABELS[k] }))}
        />
        {madeToOrder ? (
          <>
            <Input {...props} column="lead_time_min" label="Shortest (weeks)" type="number" step="1" min="1" />
            <Input {...props} column="lead_time_max" label="Longest (weeks)" type="number" step="1" min="1" />
          </>
        ) : (
          <Input {...props} column="lead_time_min" label="Ships in (business days)" type="number" step="1" min="1" />
        )}
      </div>
      <p className="adm-muted mt-2 text-xs" aria-live="polite" data-testid="lead-time-preview">
        {shown ? `The shop shows: ${leadTimeLabel(shown)}` : 'Enter whole numbers to see what the shop shows.'}
      </p>
    </Section>
  );
}
