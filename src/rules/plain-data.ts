/**
 * Copying and comparing a table's state: JSON data (what its jsonb columns and text arrays hold).
 * Rules work on a copy and the ruleset stores only the parts that changed; this is done on every
 * move, over every sheet of the campaign, where `structuredClone` and comparing `JSON.stringify`
 * strings cost about five times as much.
 */

/** An object literal or parsed JSON, of this realm or another (a VM context's): its prototype is an Object.prototype, or null. */
const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
};

/** A deep copy of JSON data; anything else inside it (an object of a class) is copied by `structuredClone`. */
export function copyData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    for (let i = 0; i < value.length; i += 1) copy[i] = copyData(value[i]);
    return copy as T;
  }
  if (!isPlainObject(value)) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const inner = copyData((value as Record<string, unknown>)[key]);
    // A "__proto__" key of parsed JSON is data: kept as a key, not set as the copy's prototype.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: inner, enumerable: true, writable: true, configurable: true });
    else copy[key] = inner;
  }
  return copy as T;
}

/**
 * Whether two pieces of JSON data would be stored as the same jsonb: the order of an object's
 * keys does not matter and a key whose value is `undefined` counts as absent, as in JSON. It may
 * answer "different" where JSON would not (NaN, `undefined` in an array), never the other way.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return JSON.stringify(a) === JSON.stringify(b);
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key of Object.keys(left)) {
    if (left[key] === undefined) continue;
    keys += 1;
    if (!Object.hasOwn(right, key) || !sameData(left[key], right[key])) return false;
  }
  for (const key of Object.keys(right)) if (right[key] !== undefined) keys -= 1;
  return keys === 0;
}
