// Decodes Stripe's v1 request encoding: application/x-www-form-urlencoded with bracket notation
// (`metadata[order_id]=1`, `payment_method_types[0]=card`, `expand[]=x`) into nested objects and arrays.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function splitKey(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key.slice(first)))) parts.push(m[1]!);
  return parts;
}

/** Objects whose keys are all 0..n-1 become arrays, as Stripe's server reads `arr[0]`, `arr[1]`. */
function arraysFromIndices(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) {
    return Array.isArray(value) ? value.map(arraysFromIndices) : value;
  }
  const keys = Object.keys(value);
  const out: FormObject = {};
  for (const k of keys) out[k] = arraysFromIndices(value[k]!);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => out[String(i)]!);
  }
  return out;
}

export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  if (!body) return root;
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = splitKey(rawKey);
    let node: FormObject = root;
    for (let i = 0; i < path.length; i++) {
      let part = path[i]!;
      const last = i === path.length - 1;
      if (part === '') {
        // `key[]=v`: append.
        part = String(Object.keys(node).length);
      }
      if (last) {
        node[part] = value;
      } else {
        const next = node[part];
        if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[part] = {};
        node = node[part] as FormObject;
      }
    }
  }
  return arraysFromIndices(root) as FormObject;
}
