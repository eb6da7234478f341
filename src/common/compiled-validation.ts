import { TransformationType, type TypeMetadata } from 'class-transformer';
// @ts-expect-error -- the package declares this module's types in types/storage.d.ts, not beside it
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import type { MetadataStorage as TransformMetadataStorage } from 'class-transformer/types/MetadataStorage.js';
import {
  ARRAY_MAX_SIZE,
  ARRAY_MIN_SIZE,
  getMetadataStorage,
  IS_BOOLEAN,
  IS_ENUM,
  IS_IN,
  IS_INT,
  IS_LENGTH,
  IS_OBJECT,
  IS_OPTIONAL,
  IS_STRING,
  IS_UUID,
  MATCHES,
  MAX,
  MIN,
  type MetadataStorage,
  type ValidationArguments,
  ValidationTypes,
} from 'class-validator';

/*
 * Nest's ValidationPipe (transform: true, forbidUnknownValues: false, no whitelist, groups or
 * transform options) asks class-transformer to build the argument's class from the plain value and
 * class-validator to check it. Both read their metadata again on every request. Here that metadata
 * is read once per class and turned into a builder and a checker that answer one question: is this
 * value valid, and which instance would the two libraries have built from it? A value or a class
 * they do not fully understand gets no answer, and the libraries decide, as they always have.
 */

// The storage class-transformer's decorators write to: main resolves to the CommonJS build.
const transformStorage = defaultMetadataStorage as TransformMetadataStorage;

type ValidationRule = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
type Condition = (object: object, value: unknown) => boolean;
type Check = (object: object, value: unknown) => boolean;
type InputClass = new () => object;
/** A class as Nest hands it to a pipe (the argument's metatype) or a `@Type` function returns it. */
export type AnyClass = abstract new (...args: never[]) => unknown;

/** What a builder returns for a value it cannot vouch for. */
const UNSURE = Symbol('unsure');

/**
 * class-validator's own rules that are synchronous and read nothing but the value and their
 * constraints; their own `validate` is called, as class-validator calls it. Any other rule, and
 * `@ValidateIf`, `@IsDefined` or `@Allow`, leaves its class to class-validator.
 */
const CHECKED_RULES: ReadonlySet<string> = new Set([
  IS_STRING,
  IS_LENGTH,
  IS_UUID,
  IS_ENUM,
  IS_INT,
  MIN,
  MAX,
  ARRAY_MIN_SIZE,
  ARRAY_MAX_SIZE,
  IS_IN,
  IS_BOOLEAN,
  MATCHES,
  IS_OBJECT,
]);

/** Types class-transformer builds in a way of its own, or whose instances hold more than their keys. */
const BUILT_IN_TYPES: readonly AnyClass[] = [
  Function,
  Array,
  String,
  Number,
  Boolean,
  Date,
  RegExp,
  Error,
  Promise,
  Map,
  Set,
  WeakMap,
  WeakSet,
  ArrayBuffer,
  Object.getPrototypeOf(Uint8Array) as AnyClass,
];

/** Values of these types are converted by class-transformer (`@Type(() => Number)` on a query string). */
const CONVERTED_TYPES: ReadonlySet<unknown> = new Set([String, Number, Boolean]);

/**
 * Keys class-transformer leaves out of a plain copy (`__proto__`, `constructor`, the names of
 * Object.prototype's methods) and `prototype`, which Nest deletes from the value first.
 */
const DROPPED_KEYS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

interface CompiledProperty {
  readonly name: string;
  /** The property's `@Type`, whose function may pick the class from the value. */
  readonly type: TypeMetadata | undefined;
  /** Whether class-transformer copies an array here into a plain array (not into a Set or a class). */
  readonly copiesArrays: boolean;
}

interface CompiledRules {
  readonly property: string;
  /** `@IsOptional`: when one says no, the property's other rules are not checked. */
  readonly conditions: readonly Condition[];
  readonly checks: readonly Check[];
  /** `@ValidateNested`: objects are checked by their class's rules, arrays item by item. */
  readonly nested: boolean;
}

interface CompiledInput {
  readonly metatype: InputClass;
  /** Every property with rules; a value with any other key is left to the libraries. */
  readonly properties: ReadonlyMap<string, CompiledProperty>;
  readonly rules: readonly CompiledRules[];
}

/** `null` for a class that cannot be compiled, so that it is tried once. */
const compiledInputs = new WeakMap<object, CompiledInput | null>();

let plainObjectsHaveNoRules: boolean | undefined;

/**
 * The instance class-transformer would build of `metatype` from `value`, when class-validator
 * would find no problem in it; `undefined` when it would, or when the compiled rules cannot tell.
 * Only for the options of inputValidationPipe; a caller given `undefined` asks the libraries.
 */
export function validInstanceOf(metatype: AnyClass, value: unknown): object | undefined {
  const input = compiledInputOf(metatype);
  if (input === undefined || !isPlainRecord(value)) return undefined;
  try {
    const instance = buildInstance(input, value);
    return instance !== UNSURE && satisfiesRules(input, instance) ? instance : undefined;
  } catch {
    // Whatever a type function or a rule throws, the libraries throw again, in their own way.
    return undefined;
  }
}

/** Whether values of `metatype` can be checked by compiled rules, which only some decorators allow. */
export function hasCompiledRules(metatype: AnyClass): boolean {
  return compiledInputOf(metatype) !== undefined;
}

function compiledInputOf(metatype: unknown): CompiledInput | undefined {
  if (typeof metatype !== 'function') return undefined;
  let input = compiledInputs.get(metatype);
  if (input === undefined) {
    input = compileInput(metatype) ?? null;
    compiledInputs.set(metatype, input);
  }
  return input ?? undefined;
}

function compileInput(metatype: object): CompiledInput | undefined {
  if (!isInputClass(metatype) || !copiesKeysAsTheyAre(metatype)) return undefined;
  let blank: object;
  try {
    blank = new metatype();
  } catch {
    return undefined;
  }
  const properties = new Map<string, CompiledProperty>();
  const rules: CompiledRules[] = [];
  for (const [name, propertyRules] of rulesByProperty(metatype)) {
    const property = compileProperty(metatype, blank, name);
    const compiledRules = compileRules(metatype, name, propertyRules);
    if (property === undefined || compiledRules === undefined) return undefined;
    properties.set(name, property);
    rules.push(compiledRules);
  }
  return { metatype, properties, rules };
}

function isInputClass(metatype: object): metatype is InputClass {
  const prototype: unknown = (metatype as { prototype?: unknown }).prototype;
  return (
    typeof metatype === 'function' &&
    metatype !== Object &&
    typeof prototype === 'object' &&
    prototype !== null &&
    !BUILT_IN_TYPES.some((type) => metatype === type || prototype instanceof type)
  );
}

/** No `@Expose` or `@Exclude` on the class or its ancestors: class-transformer copies the value's keys. */
function copiesKeysAsTheyAre(metatype: InputClass): boolean {
  return (
    transformStorage.getStrategy(metatype) === 'none' &&
    transformStorage.getExposedMetadatas(metatype).length === 0 &&
    transformStorage.getExcludedMetadatas(metatype).length === 0
  );
}

/** The rules validate() applies to an instance of `metatype` (no groups), by property, in its order. */
function rulesByProperty(metatype: AnyClass): Map<string, ValidationRule[]> {
  const byProperty = new Map<string, ValidationRule[]>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(metatype, '', false, false)) {
    const rules = byProperty.get(rule.propertyName);
    if (rules) rules.push(rule);
    else byProperty.set(rule.propertyName, [rule]);
  }
  return byProperty;
}

function compileProperty(metatype: InputClass, blank: object, name: string): CompiledProperty | undefined {
  // class-transformer skips a key that names a method or a getter, and Nest deletes some first.
  if (DROPPED_KEYS.has(name) || isOnPrototypeChain(metatype.prototype as object, name)) return undefined;
  if ((blank as Record<string, unknown>)[name] instanceof Function) return undefined;
  if (transformStorage.findTransformMetadatas(metatype, name, TransformationType.PLAIN_TO_CLASS).length > 0) return undefined;
  const type = transformStorage.findTypeMetadata(metatype, name);
  if (type?.options?.discriminator || type?.reflectedType === Map) return undefined;
  return { name, type, copiesArrays: copiesArraysAs(type?.reflectedType) };
}

/**
 * Whether class-transformer copies an array given for a property of this declared type into a new
 * plain array: it builds `new type()` and pushes into it when it is a Set or has a `push` method.
 */
function copiesArraysAs(declared: unknown): boolean {
  if (declared === undefined || declared === Array || declared === Object) return true;
  if (typeof declared !== 'function' || !isInputClass(declared)) return false;
  try {
    const probe = new declared();
    return !(probe instanceof Set) && !('push' in probe);
  } catch {
    return false;
  }
}

function isOnPrototypeChain(prototype: object | null, name: string): boolean {
  for (let current = prototype; current !== null; current = Object.getPrototypeOf(current) as object | null) {
    if (Object.getOwnPropertyDescriptor(current, name)) return true;
  }
  return false;
}

function compileRules(metatype: InputClass, property: string, rules: readonly ValidationRule[]): CompiledRules | undefined {
  const conditions: Condition[] = [];
  const checks: Check[] = [];
  let nested = false;
  for (const rule of rules) {
    if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION && rule.name === IS_OPTIONAL) {
      conditions.push(rule.constraints[0] as Condition);
    } else if (rule.type === ValidationTypes.NESTED_VALIDATION) {
      nested = true;
    } else if (rule.type === ValidationTypes.CUSTOM_VALIDATION) {
      const check = compileCheck(metatype, rule);
      if (check === undefined) return undefined;
      checks.push(check);
    } else {
      return undefined;
    }
  }
  return { property, conditions, checks, nested };
}

function compileCheck(metatype: InputClass, rule: ValidationRule): Check | undefined {
  if (rule.name === undefined || !CHECKED_RULES.has(rule.name) || rule.validateIf) return undefined;
  const constraints = getMetadataStorage().getTargetValidatorConstraints(rule.constraintCls);
  if (constraints.some((constraint) => constraint.async || !CHECKED_RULES.has(constraint.name))) return undefined;
  // class-validator looks each instance up in its container on every check; it is always the same one.
  const validators = constraints.map((constraint) => constraint.instance);
  const targetName = metatype.name;
  return (object, value) => {
    const args: ValidationArguments = { targetName, property: rule.propertyName, object, value, constraints: rule.constraints };
    // A promise or any other answer than `true` is left to class-validator.
    if (rule.each && Array.isArray(value)) {
      return validators.every((validator) => value.every((item) => validator.validate(item, args) === true));
    }
    if (rule.each && (value instanceof Set || value instanceof Map)) return false;
    return validators.every((validator) => validator.validate(value, args) === true);
  };
}

/**
 * `new metatype()`, then each key of the value copied as class-transformer copies it: through the
 * class of its `@Type`, converted for `@Type(() => Number)` and its kin, or as a plain copy.
 */
function buildInstance(input: CompiledInput, source: Record<string, unknown>): object | typeof UNSURE {
  const instance = new input.metatype() as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const property = input.properties.get(key);
    if (property === undefined) return UNSURE;
    const value = source[key];
    if (Array.isArray(value) && !property.copiesArrays) return UNSURE;
    const built = buildValue(value, typeOf(property, instance, source));
    if (built === UNSURE) return UNSURE;
    instance[key] = built;
  }
  return instance;
}

function typeOf(property: CompiledProperty, instance: object, source: object): unknown {
  const { type } = property;
  if (type === undefined) return undefined;
  return type.typeFunction ? type.typeFunction({ newObject: instance, object: source, property: property.name }) : type.reflectedType;
}

/** class-transformer's transform() of one value to `type`, for plain data; UNSURE for anything else. */
function buildValue(value: unknown, type: unknown): unknown {
  if (Array.isArray(value)) return buildArray(value, type);
  if (CONVERTED_TYPES.has(type)) {
    if (value === null || value === undefined) return value;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return UNSURE;
    return (type as (value: unknown) => unknown)(value);
  }
  if (typeof value === 'object' && value !== null) {
    if (!isPlainRecord(value)) return UNSURE;
    if (type === undefined) return copyPlain(value);
    const input = compiledInputOf(type);
    return input === undefined ? UNSURE : buildInstance(input, value);
  }
  if (type === Date || type === Buffer || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return UNSURE;
  return value;
}

function buildArray(items: readonly unknown[], type: unknown): unknown[] | typeof UNSURE {
  if (Object.getPrototypeOf(items) !== Array.prototype) return UNSURE;
  const built: unknown[] = [];
  for (let index = 0; index < items.length; index += 1) {
    // Nest closes the gaps of a sparse array in the caller's value before class-transformer copies it.
    if (!(index in items)) return UNSURE;
    const item = buildValue(items[index], type);
    if (item === UNSURE) return UNSURE;
    built.push(item);
  }
  return built;
}

/** A value without `@Type`: class-transformer copies it into a new `{}`, key by key. */
function copyPlain(source: Record<string, unknown>): Record<string, unknown> | typeof UNSURE {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    if (DROPPED_KEYS.has(key)) return UNSURE;
    const item = buildValue(source[key], undefined);
    if (item === UNSURE) return UNSURE;
    copy[key] = item;
  }
  return copy;
}

/**
 * An object of JSON, of GraphQL's arguments (no prototype) or of a parsed query string (an empty
 * prototype without one); not a class instance, an array, a promise or a Buffer.
 */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  const plain = prototype === Object.prototype || prototype === null || isBarePrototype(prototype);
  return plain && typeof (value as { then?: unknown }).then !== 'function';
}

function isBarePrototype(prototype: object): boolean {
  return Object.getPrototypeOf(prototype) === null && Reflect.ownKeys(prototype).length === 0;
}

/** What class-validator's ValidationExecutor finds for the instance, reduced to "no problem at all". */
function satisfiesRules(input: CompiledInput, object: object): boolean {
  for (const { property, conditions, checks, nested } of input.rules) {
    const value = (object as Record<string, unknown>)[property];
    if (!conditions.every((condition) => condition(object, value))) continue;
    if (!checks.every((check) => check(object, value))) return false;
    if (nested && value !== undefined && !isValidNested(value)) return false;
  }
  return true;
}

/** class-validator's nestedValidations: items one by one (undefined ones pass), objects by their class. */
function isValidNested(value: unknown): boolean {
  if (Array.isArray(value)) return value.every((item) => item === undefined || isValidNested(item));
  if (!(value instanceof Object)) return false;
  if (value.constructor === Object) return (plainObjectsHaveNoRules ??= rulesByProperty(Object).size === 0);
  const input = compiledInputOf(value.constructor);
  return input !== undefined && satisfiesRules(input, value);
}
