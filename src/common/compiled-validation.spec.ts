import 'reflect-metadata';
import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { Exclude, Expose, Transform, Type } from 'class-transformer';
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
  IsDefined,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  MATCHES,
  MAX,
  type MetadataStorage,
  MIN,
  Validate,
  ValidateIf,
  ValidateNested,
  type ValidatorConstraintInterface,
  ValidatorConstraint,
} from 'class-validator';
import fc from 'fast-check';
import * as campaignInputs from '../modules/campaigns/campaign.inputs.js';
import * as characterInputs from '../modules/characters/character.inputs.js';
import * as deckInputs from '../modules/decks/deck.inputs.js';
import * as diceInputs from '../modules/dice/dice.inputs.js';
import { EventsQuery, RollDiceBody } from '../modules/rest/campaigns-rest.dto.js';
import { DrawCardsBody } from '../modules/rest/decks-rest.dto.js';
import { EnchantedRealmsDrawBody } from '../modules/rest/enchanted-realms-rest.dto.js';
import { TrialRollBody } from '../modules/rest/tenth-realm-rest.dto.js';
import * as enchantedRealmsInputs from '../rulesets/enchanted-realms-cards/enchanted-realms.inputs.js';
import * as tenthRealmInputs from '../rulesets/tenth-realm/tenth-realm.inputs.js';
import { type AnyClass, hasCompiledRules, validInstanceOf } from './compiled-validation.js';
import { inputValidationOptions, inputValidationPipe } from './validation.pipe.js';

type Rule = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

const transformStorage = defaultMetadataStorage as TransformMetadataStorage;

/** The plain Nest pipe with the same options: class-transformer and class-validator on every value. */
const referencePipe = new ValidationPipe(inputValidationOptions);

const classesOf = (module: Record<string, unknown>): AnyClass[] =>
  Object.values(module).filter((value): value is AnyClass => typeof value === 'function');

/** Every class the pipe builds from an argument (GraphQL's inputs, REST's bodies and queries), and the classes nested in them. */
const INPUT_CLASSES: AnyClass[] = [
  ...classesOf(campaignInputs),
  ...classesOf(characterInputs),
  ...classesOf(deckInputs),
  ...classesOf(diceInputs),
  ...classesOf(enchantedRealmsInputs),
  ...classesOf(tenthRealmInputs),
  EventsQuery,
  RollDiceBody,
  DrawCardsBody,
  EnchantedRealmsDrawBody,
  TrialRollBody,
];

const argumentOf = (metatype: AnyClass): ArgumentMetadata => ({ type: 'body', data: 'input', metatype: metatype as ArgumentMetadata['metatype'] });

type Outcome = { instance: unknown } | { error: { name: string; message: string; extensions?: unknown } };

/** What a pipe makes of the value: the instance it returns, or the error it throws. */
async function outcomeOf(pipe: ValidationPipe, metatype: AnyClass, value: unknown): Promise<Outcome> {
  try {
    return { instance: await pipe.transform(value, argumentOf(metatype)) };
  } catch (thrown) {
    const { name, message, extensions } = thrown as Error & { extensions?: unknown };
    return { error: { name, message, extensions } };
  }
}

/** A deep copy that keeps null prototypes (GraphQL's arguments) and gaps, since the pipes change their value in place. */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (const key of Object.keys(value)) copy[Number(key)] = copyOf(value[Number(key)]);
    return copy;
  }
  if (typeof value !== 'object' || value === null || !isPlain(value)) return value;
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    // Defined rather than assigned, so that an own `__proto__` key stays a key.
    Object.defineProperty(copy, key, { value: copyOf((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

const isPlain = (value: object): boolean => [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

// ---------------------------------------------------------------------------------------------
// Values drawn from each class's own rules: mostly valid ones, and ones with one property broken.

const NESTING = 2;

const rulesOf = (metatype: AnyClass): Map<string, Rule[]> => {
  const byProperty = new Map<string, Rule[]>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(metatype, '', false, false)) {
    byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  }
  return byProperty;
};

const constraintOf = (rules: readonly Rule[], name: string): unknown[] | undefined => rules.find((rule) => rule.name === name)?.constraints;

/** Keys class-transformer would drop from a plain copy; values with them are tested on their own below. */
const safeKey = fc.string({ maxLength: 8 }).filter((key) => !(key in Object.prototype) && key !== 'prototype');

const { json: jsonValue, record: jsonRecord } = fc.letrec<{ json: unknown; record: Record<string, unknown> }>((tie) => ({
  json: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), fc.integer(), fc.string(), fc.array(tie('json'), { maxLength: 3 }), tie('record')),
  record: fc.dictionary(safeKey, tie('json'), { maxKeys: 4 }),
}));

/** The class of a property's `@Type`, or String, Number or Boolean for a converted one. */
function typeOf(metatype: AnyClass, property: string): unknown {
  const type = transformStorage.findTypeMetadata(metatype, property);
  return type?.typeFunction ? type.typeFunction() : type?.reflectedType;
}

const isList = (rules: readonly Rule[]): boolean =>
  rules.some((rule) => rule.each || rule.name === ARRAY_MAX_SIZE || rule.name === ARRAY_MIN_SIZE);

/** One value that passes the rules given (the items' rules, for a list). */
function passingItem(rules: readonly Rule[], type: unknown, depth: number): fc.Arbitrary<unknown> {
  if (typeof type === 'function' && ![String, Number, Boolean].includes(type as never)) {
    return depth < NESTING ? validInput(type as AnyClass, depth + 1) : fc.constant(undefined);
  }
  const names = new Set(rules.map((rule) => rule.name));
  const [min = -1000] = (constraintOf(rules, MIN) ?? []) as number[];
  const [max = 1000] = (constraintOf(rules, MAX) ?? []) as number[];
  const [shortest = 0, longest = 50] = (constraintOf(rules, IS_LENGTH) ?? []) as number[];
  let item: fc.Arbitrary<unknown>;
  if (names.has(IS_UUID)) item = fc.uuid();
  else if (names.has(IS_ENUM)) item = fc.constantFrom(...Object.values(constraintOf(rules, IS_ENUM)![0] as object));
  else if (names.has(IS_IN)) item = fc.constantFrom(...(constraintOf(rules, IS_IN)![0] as unknown[]));
  else if (names.has(IS_BOOLEAN)) item = fc.boolean();
  else if (names.has(IS_INT)) item = fc.integer({ min, max });
  else if (names.has(MATCHES)) item = fc.stringMatching(constraintOf(rules, MATCHES)![0] as RegExp);
  else if (names.has(IS_LENGTH) || names.has(IS_STRING)) {
    const lengths = { minLength: shortest, maxLength: Math.min(longest, shortest + 30) };
    item = fc.oneof(fc.string(lengths), fc.string({ ...lengths, unit: 'grapheme' }));
  } else if (names.has(IS_OBJECT)) item = jsonRecord;
  else item = jsonValue;
  // A query string's numbers arrive as text.
  return type === Number ? fc.oneof(item, item.map(String)) : item;
}

/** Values that break at least one of the rules, or that no rule expects. */
function breakingItem(rules: readonly Rule[], type: unknown, depth: number): fc.Arbitrary<unknown> {
  const odd = fc.constantFrom<unknown>(null, undefined, '', 'x', 'not-a-uuid', 0, -1, 1.5, 2 ** 31, Number.NaN, true, {}, [], [null], ['x'], [1], [{}]);
  const [min] = (constraintOf(rules, MIN) ?? []) as number[];
  const [max] = (constraintOf(rules, MAX) ?? []) as number[];
  const [shortest = 0, longest] = (constraintOf(rules, IS_LENGTH) ?? []) as number[];
  const edges: fc.Arbitrary<unknown>[] = [odd];
  if (min !== undefined) edges.push(fc.constantFrom(min - 1, min + 0.5, String(min - 1)));
  if (max !== undefined) edges.push(fc.constantFrom(max + 1, String(max + 1)));
  if (longest !== undefined) edges.push(fc.string({ minLength: longest + 1, maxLength: longest + 3 }));
  if (shortest > 0) edges.push(fc.constant(''));
  if (typeof type === 'function' && depth < NESTING && ![String, Number, Boolean].includes(type as never)) {
    edges.push(brokenInput(type as AnyClass, depth + 1));
  }
  return fc.oneof(...edges);
}

interface Field {
  readonly property: string;
  readonly optional: boolean;
  readonly passing: fc.Arbitrary<unknown>;
  readonly breaking: fc.Arbitrary<unknown>;
}

function fieldsOf(metatype: AnyClass, depth: number): Field[] {
  return [...rulesOf(metatype)].map(([property, rules]) => {
    const type = typeOf(metatype, property);
    const optional = rules.some((rule) => rule.name === IS_OPTIONAL);
    if (!isList(rules)) {
      return { property, optional, passing: passingItem(rules, type, depth), breaking: breakingItem(rules, type, depth) };
    }
    const itemRules = rules.filter((rule) => rule.each);
    const [fewest = 0] = (constraintOf(rules, ARRAY_MIN_SIZE) ?? []) as number[];
    const [most = 1000] = (constraintOf(rules, ARRAY_MAX_SIZE) ?? []) as number[];
    const item = passingItem(itemRules, type, depth);
    const passing = fc.array(item, { minLength: fewest, maxLength: Math.min(most, fewest + 6) });
    const breaking = fc.oneof(
      breakingItem([], undefined, depth),
      fc.array(item, { minLength: most + 1, maxLength: most + 1 }),
      fc.tuple(fc.array(item, { maxLength: 3 }), breakingItem(itemRules, type, depth)).map(([items, wrong]) => [...items, wrong]),
      ...(fewest > 0 ? [fc.constant([])] : []),
    );
    return { property, optional, passing, breaking };
  });
}

/** Every property with a passing value, the optional ones sometimes left out. */
function validInput(metatype: AnyClass, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = fieldsOf(metatype, depth);
  return fc.record(Object.fromEntries(fields.map((field) => [field.property, field.passing])), {
    requiredKeys: fields.filter((field) => !field.optional).map((field) => field.property),
  });
}

const LEFT_OUT = Symbol('left out');

/** A valid input with one property broken or left out. */
function brokenInput(metatype: AnyClass, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = fieldsOf(metatype, depth);
  if (fields.length === 0) return validInput(metatype, depth);
  return fc.integer({ min: 0, max: fields.length - 1 }).chain((index) => {
    const { property, breaking } = fields[index]!;
    return fc.tuple(validInput(metatype, depth), fc.option(breaking, { nil: LEFT_OUT })).map(([input, wrong]) => {
      const broken = copyOf(input) as Record<string, unknown>;
      if (wrong === LEFT_OUT) delete broken[property];
      else broken[property] = wrong;
      return broken;
    });
  });
}

describe.each(INPUT_CLASSES.map((metatype) => [metatype.name, metatype] as const))('%s', (_name, metatype) => {
  it('is checked by compiled rules', () => {
    expect(hasCompiledRules(metatype)).toBe(true);
  });

  it('builds what class-transformer builds when class-validator finds no problem, and errs as before otherwise', async () => {
    let validValues = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(validInput(metatype), brokenInput(metatype)), async (value) => {
        const expected = await outcomeOf(referencePipe, metatype, copyOf(value));
        const compiled = validInstanceOf(metatype, copyOf(value));
        if ('instance' in expected) {
          validValues += 1;
          expect(compiled).toStrictEqual(expected.instance);
        } else {
          expect(compiled).toBeUndefined();
        }
        expect(await outcomeOf(inputValidationPipe, metatype, copyOf(value))).toStrictEqual(expected);
      }),
      { numRuns: 60 },
    );
    expect(validValues).toBeGreaterThan(5);
  });
});

describe('values left to class-transformer and class-validator', () => {
  const campaignId = '3f0e7a52-8f0c-4c2e-9a55-0d4a3f3c9b11';
  const { CreateCampaignInput } = campaignInputs;
  const { CreateDeckInput } = deckInputs;
  const { EnchantedRealmsBarterInput, EnchantedRealmsReconcileInput } = enchantedRealmsInputs;
  const { AddMemberInput } = campaignInputs;

  it.each<[string, AnyClass, unknown]>([
    ['a key without rules', AddMemberInput, { campaignId, name: 'Ann', role: 'PLAYER', nickname: 'A' }],
    ['an own constructor key', AddMemberInput, { campaignId, name: 'Ann', role: 'PLAYER', constructor: 'x' }],
    ['an own __proto__ key', CreateCampaignInput, JSON.parse('{"name":"Ruins","ruleset":"tenth-realm","__proto__":{"x":1}}')],
    ['a prototype key in JSON', CreateCampaignInput, { name: 'Ruins', ruleset: 'tenth-realm', settings: { prototype: { x: 1 } } }],
    ['a method name in JSON', CreateCampaignInput, { name: 'Ruins', ruleset: 'tenth-realm', settings: { toString: 'x', a: 1 } }],
    ['a Date in JSON', CreateCampaignInput, { name: 'Ruins', ruleset: 'tenth-realm', settings: { at: new Date(0) } }],
    ['a Buffer in JSON', CreateCampaignInput, { name: 'Ruins', ruleset: 'tenth-realm', settings: { bytes: Buffer.from('ab') } }],
    ['a Map in JSON', CreateCampaignInput, { name: 'Ruins', ruleset: 'tenth-realm', settings: { map: new Map([['a', 1]]) } }],
    ['a sparse array', EnchantedRealmsBarterInput, { campaignId, from: campaignId, give: [, 'c1'], take: [] }],
    ['a sparse array of JSON', CreateDeckInput, { campaignId, name: 'Deck', cards: [{ code: 'a' }, , { code: 'b' }] }],
    ['a class instance for a nested input', EnchantedRealmsReconcileInput, { campaignId, returns: [new Date(0)] }],
    ['a promise-like value', AddMemberInput, { campaignId, name: 'Ann', role: 'PLAYER', then: () => undefined }],
    ['an array for the whole input', AddMemberInput, [{ campaignId, name: 'Ann', role: 'PLAYER' }]],
    ['a string for the whole input', AddMemberInput, 'Ann'],
    ['null for the whole input', AddMemberInput, null],
    ['nothing for the whole input', AddMemberInput, undefined],
  ])('%s: not vouched for, and the pipe answers as Nest does', async (_name, metatype, value) => {
    expect(validInstanceOf(metatype, copyOf(value))).toBeUndefined();
    expect(await outcomeOf(inputValidationPipe, metatype, copyOf(value))).toStrictEqual(await outcomeOf(referencePipe, metatype, copyOf(value)));
  });

  it('leaves the caller’s value as it was', () => {
    const value = { campaignId, returns: [{ cardIds: ['c1'] }] };
    const before = JSON.stringify(value);
    expect(validInstanceOf(EnchantedRealmsReconcileInput, value)).toBeInstanceOf(EnchantedRealmsReconcileInput);
    expect(JSON.stringify(value)).toBe(before);
  });
});

describe('classes left to class-transformer and class-validator', () => {
  class Contact {
    @IsEmail() email!: string;
  }

  class Delivery {
    @IsString() kind!: string;
    @ValidateIf((delivery: Delivery) => delivery.kind === 'mail') @IsString() @Length(1, 100) address?: string;
  }

  @ValidatorConstraint({ name: 'isEven' })
  class IsEven implements ValidatorConstraintInterface {
    validate(value: unknown): boolean {
      return typeof value === 'number' && value % 2 === 0;
    }
  }

  class Pair {
    @Validate(IsEven) @IsInt() size!: number;
  }

  @ValidatorConstraint({ name: 'isKnownCampaign', async: true })
  class IsKnownCampaign implements ValidatorConstraintInterface {
    validate(): Promise<boolean> {
      return Promise.resolve(true);
    }
  }

  class Lookup {
    @Validate(IsKnownCampaign) @IsUUID() campaignId!: string;
  }

  class Required {
    @IsDefined() note!: string;
  }

  class Renamed {
    @Expose({ name: 'display_name' }) @IsString() displayName!: string;
  }

  class Hidden {
    @IsString() name!: string;
    @Exclude() @IsOptional() @IsString() secret?: string;
  }

  class Trimmed {
    @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)) @IsString() @Length(1, 10) name!: string;
  }

  class Sender {
    @IsString() name!: string;
    @IsOptional() @ValidateNested() @Type(() => Contact) contact?: Contact;
  }

  it.each<[string, AnyClass, unknown]>([
    ['@IsEmail', Contact, { email: 'gm@example.com' }],
    ['@ValidateIf', Delivery, { kind: 'mail', address: 'Gate 4' }],
    ['a constraint class of its own', Pair, { size: 4 }],
    ['an async constraint', Lookup, { campaignId: '3f0e7a52-8f0c-4c2e-9a55-0d4a3f3c9b11' }],
    ['@IsDefined', Required, { note: 'n' }],
    ['@Expose with a name', Renamed, { display_name: 'Ann' }],
    ['@Exclude', Hidden, { name: 'Ann', secret: 's' }],
    ['@Transform', Trimmed, { name: '  Ann  ' }],
  ])('%s: not compiled, and the pipe answers as Nest does', async (_name, metatype, value) => {
    expect(hasCompiledRules(metatype)).toBe(false);
    expect(validInstanceOf(metatype, value)).toBeUndefined();
    const expected = await outcomeOf(referencePipe, metatype, copyOf(value));
    expect(expected).toHaveProperty('instance');
    expect(await outcomeOf(inputValidationPipe, metatype, copyOf(value))).toStrictEqual(expected);
  });

  it('a nested class with @IsEmail: the outer class compiles, its values with the nested one are left to the libraries', async () => {
    expect(hasCompiledRules(Sender)).toBe(true);
    expect(validInstanceOf(Sender, { name: 'Ann' })).toStrictEqual(Object.assign(new Sender(), { name: 'Ann' }));
    const value = { name: 'Ann', contact: { email: 'ann@example.com' } };
    expect(validInstanceOf(Sender, value)).toBeUndefined();
    expect(await outcomeOf(inputValidationPipe, Sender, copyOf(value))).toStrictEqual(await outcomeOf(referencePipe, Sender, copyOf(value)));
  });
});
