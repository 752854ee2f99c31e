// @vitest-environment happy-dom
// The ring modal's sizes, rendered: a labelled tick per US size in a fieldset with its legend, the quick choices,
// the surcharge's starting size offered from the sizes ticked, errors beside the ticks, and everything disabled with
// a note while Adjustable is ticked.
import { act, createElement as h, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RingSizes } from '@/components/admin/catalog/ring-sizes-section';
import { emptyFormValues, type FormValues } from '@/lib/admin/catalog/form-values';
import { ADJUSTABLE_NO_SIZES } from '@/lib/admin/catalog/ring-sizing';
import { RING_SIZES } from '@/lib/catalog/ring-sizes';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let current: FormValues;

function Harness({ initial, errors }: { initial: FormValues; errors: Record<string, string> }) {
  const [values, setValues] = useState(initial);
  current = values;
  return h(RingSizes, { category: 'rings', values, errors, set: (column: string, value: string | boolean) => setValues((v) => ({ ...v, [column]: value })) });
}

function render(values: Partial<FormValues> = {}, errors: Record<string, string> = {}) {
  act(() => root.render(h(Harness, { initial: { ...emptyFormValues('rings'), ...values } as FormValues, errors })));
}

const checkbox = (name: string) =>
  [...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((c) => c.closest('label')?.textContent === name)!;
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;
const fromOptions = () => [...container.querySelectorAll<HTMLOptionElement>('select[name="size_surcharge_from"] option')].map((o) => o.value);
const click = (el: HTMLElement) => act(() => el.click());

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('the ring sizes of the product modal', () => {
  it('offers every US size as a labelled tick in a fieldset with a legend, a new ring ticking 5 to 9', () => {
    render();
    expect(container.querySelector('fieldset > legend')?.textContent).toBe('Ring sizes');
    const legends = [...container.querySelectorAll('fieldset fieldset > legend')].map((l) => l.textContent);
    expect(legends).toEqual(['US sizes offered']);
    const boxes = [...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((b) => b.closest('label')!.textContent)).toEqual(RING_SIZES.map((s) => `Size ${s}`));
    expect(boxes.filter((b) => b.checked).map((b) => b.value)).toEqual(['5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9']);
    expect(fromOptions()).toEqual(['', '5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9']);
  });

  it('ticks and unticks sizes into the readable list, with quick choices, and offers only ticked sizes for the surcharge', () => {
    render();
    click(checkbox('Size 10'));
    click(checkbox('Size 6'));
    expect(current.sizes).toBe('5, 5.5, 6.5-9, 10');
    expect(fromOptions()).toContain('10');
    click(button('Clear'));
    expect(current.sizes).toBe('');
    expect(container.textContent).toContain('No sizes ticked');
    expect(fromOptions()).toEqual(['']);
    click(button('US 5–9'));
    expect(current.sizes).toBe('5-9');
  });

  it('shows an error beside the ticks and marks them for the focus to find', () => {
    render({}, { sizes: 'An adjustable ring has no sizes: clear the sizes or untick Adjustable.' });
    expect(container.textContent).toContain('An adjustable ring has no sizes');
    expect(checkbox('Size 3').getAttribute('aria-invalid')).toBe('true');
  });

  it('is disabled with a note while Adjustable is ticked', () => {
    render({ is_adjustable: true });
    expect(container.textContent).toContain(ADJUSTABLE_NO_SIZES);
    const section = container.querySelector('fieldset')!;
    expect(section.disabled).toBe(true);
    // Every control sits inside the disabled fieldset, so none can be used.
    for (const control of container.querySelectorAll('input, select, button')) expect(section.contains(control)).toBe(true);
  });
});
