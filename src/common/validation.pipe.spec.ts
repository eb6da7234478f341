import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { AddMemberInput, CreateCampaignInput } from '../modules/campaigns/campaign.inputs.js';
import { CreateCharacterInput } from '../modules/characters/character.inputs.js';
import { DrawCardsInput, MoveCardsInput } from '../modules/decks/deck.inputs.js';
import { EventsQuery } from '../modules/rest/campaigns-rest.dto.js';
import { EnchantedRealmsDrawInput, EnchantedRealmsReconcileInput } from '../rulesets/enchanted-realms-cards/enchanted-realms.inputs.js';
import { TenthRealmStartCombatInput, TenthRealmTrialRollInput } from '../rulesets/tenth-realm/tenth-realm.inputs.js';
import { BadUserInputError } from './errors.js';
import { inputValidationOptions, inputValidationPipe } from './validation.pipe.js';

const asArgument = { type: 'body', data: 'input' } as const;

type AnyClass = abstract new (...args: never[]) => unknown;

describe('inputValidationPipe', () => {
  it.each([
    ['a NUL character', { name: 'nul\u0000inside' }, 'name'],
    ['a lone high surrogate', { name: 'x\ud800' }, 'name'],
    ['a lone low surrogate', { cards: [{ id: 'ok' }, { id: '\udc00' }] }, 'cards[1].id'],
    ['a NUL in a JSON key', { settings: { 'bad\u0000key': 1 } }, 'settings.bad\u0000key'],
  ])('refuses %s with BAD_USER_INPUT naming the field', async (_name, value, field) => {
    const refusal = await inputValidationPipe.transform(value, asArgument).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BadUserInputError);
    expect((refusal as BadUserInputError).extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('names a plain argument by its name', async () => {
    const refusal = await inputValidationPipe.transform('a\u0000b', { type: 'query', data: 'id' }).catch((error: unknown) => error);
    expect((refusal as BadUserInputError).extensions).toMatchObject({ field: 'id' });
  });

  it.each([['emoji and other scripts', { name: '🂡 نص e\u0301 𝄞' }], ['an empty string', { name: '' }]])('lets %s through', async (_name, value) => {
    await expect(inputValidationPipe.transform(value, asArgument)).resolves.toEqual(value);
  });
});

describe('inputValidationPipe: an argument of an input class', () => {
  const campaignId = '3f0e7a52-8f0c-4c2e-9a55-0d4a3f3c9b11';
  const characterId = '9b2d4c1e-6a7f-4e3b-8c5d-2f1a0e9d8c7b';
  /** Nest's own pipe with the same options: class-transformer and class-validator on every value. */
  const nestPipe = new ValidationPipe(inputValidationOptions);
  const argumentOf = (metatype: AnyClass): ArgumentMetadata => ({ type: 'body', data: 'input', metatype: metatype as ArgumentMetadata['metatype'] });
  /** A deep copy, since the pipes change their value in place; `null` for objects as GraphQL hands them over. */
  const copyOf = <T>(value: T, prototype: object | null = Object.prototype): T => {
    if (Array.isArray(value)) return value.map((item: unknown) => copyOf(item, prototype)) as T;
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([key, item]) => [key, copyOf(item, prototype)]);
    return Object.assign(Object.create(prototype) as object, Object.fromEntries(entries)) as T;
  };

  it.each<[string, AnyClass, Record<string, unknown>]>([
    ['a campaign', CreateCampaignInput, { name: 'Ruins', ruleset: 'tenth-realm', settings: { decks: 2, house: { rules: ['a'] } } }],
    ['a campaign with its optional fields null', CreateCampaignInput, { name: 'Ruins', ruleset: 'tenth-realm', gmName: null, settings: null }],
    ['a member', AddMemberInput, { campaignId, name: 'Ann', role: 'PLAYER' }],
    ['a character with an empty optional member', CreateCharacterInput, { campaignId, name: 'Ann', memberId: undefined }],
    ['a draw', DrawCardsInput, { deckId: campaignId, count: 1000, from: 'TOP', to: 'HAND' }],
    ['card ids', MoveCardsInput, { deckId: campaignId, cardIds: ['QH', 'x'.repeat(40)], to: 'DISCARD' }],
    ['a draw against an opponent', EnchantedRealmsDrawInput, { campaignId, actorId: characterId, action: 'ATTACK', opponent: { characterId } }],
    ['returns of cards', EnchantedRealmsReconcileInput, { campaignId, returns: [{ cardIds: ['c1'] }, { characterId, cardIds: [] }] }],
    ['a trial roll with burns', TenthRealmTrialRollInput, {
      characterId, attribute: 'HEART', dr: -50, fate: false,
      burns: [{ characterId, cardId: 'QH', effect: 'VANORI', amount: 20 }], drAdjustments: [{ amount: -20, reason: 'fog' }],
    }],
    ['a page of events, as a query string', EventsQuery, { afterSeq: '12' }],
  ])('builds %s as Nest\'s own pipe does', async (_name, metatype, value) => {
    const expected = await nestPipe.transform(copyOf(value), argumentOf(metatype));
    const built = await inputValidationPipe.transform(copyOf(value), argumentOf(metatype));
    expect(built).toBeInstanceOf(metatype);
    expect(built).toStrictEqual(expected);
  });

  it('builds a query as fastify parses it (on an empty prototype without one) as Nest does', async () => {
    const ParsedQuery = function () {} as unknown as new () => Record<string, unknown>;
    ParsedQuery.prototype = Object.create(null) as object;
    const parsed = (): Record<string, unknown> => Object.assign(new ParsedQuery(), { afterSeq: '7', limit: '20' });
    const expected = await nestPipe.transform(parsed(), argumentOf(EventsQuery));
    expect(expected).toStrictEqual(Object.assign(new EventsQuery(), { afterSeq: 7, limit: 20 }));
    expect(await inputValidationPipe.transform(parsed(), argumentOf(EventsQuery))).toStrictEqual(expected);
  });

  it.each<[string, AnyClass, Record<string, unknown>, string, string]>([
    ['a bad UUID', AddMemberInput, { campaignId: 'c-1', name: 'Ann', role: 'PLAYER' }, 'campaignId', 'campaignId must be a UUID'],
    ['a missing name', AddMemberInput, { campaignId, role: 'PLAYER' }, 'name', 'name is required'],
    ['a name of only spaces', AddMemberInput, { campaignId, name: '  ', role: 'PLAYER' }, 'name', 'name must not be blank'],
    ['a number for a name', AddMemberInput, { campaignId, name: 7, role: 'PLAYER' }, 'name', 'name must be a string'],
    ['an unknown role', AddMemberInput, { campaignId, name: 'Ann', role: 'OWNER' }, 'role', 'role must be one of the following values: GM, PLAYER'],
    ['an empty name', CreateCharacterInput, { campaignId, name: '' }, 'name', 'name must not be blank'],
    ['null for a required UUID', CreateCharacterInput, { campaignId: null, name: 'Ann' }, 'campaignId', 'campaignId is required'],
    ['an array for settings', CreateCampaignInput, { name: 'Ruins', ruleset: 'x', settings: [] }, 'settings', 'settings must be an object'],
    ['a count sent as a string', DrawCardsInput, { deckId: campaignId, count: '3', from: 'TOP', to: 'HAND' }, 'count', 'count must be an integer number'],
    ['too many cards drawn', DrawCardsInput, { deckId: campaignId, count: 1001, from: 'TOP', to: 'HAND' }, 'count', 'count must not be greater than 1000'],
    ['a count that is not whole', DrawCardsInput, { deckId: campaignId, count: 1.5, from: 'TOP', to: 'HAND' }, 'count', 'count must be an integer number'],
    ['no card ids', MoveCardsInput, { deckId: campaignId, cardIds: [], to: 'DISCARD' }, 'cardIds', 'cardIds must contain at least 1 elements'],
    ['a card id too long', MoveCardsInput, { deckId: campaignId, cardIds: ['QH', 'x'.repeat(41)], to: 'DISCARD' }, 'cardIds', 'each value in cardIds must be longer than or equal to 1 and shorter than or equal to 40 characters'],
    ['too many characters', TenthRealmStartCombatInput, { campaignId, characterIds: Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`), enemies: [] }, 'characterIds', 'characterIds must contain no more than 20 elements'],
    ['a bad UUID among characters', TenthRealmStartCombatInput, { campaignId, characterIds: [characterId, 'x'], enemies: [] }, 'characterIds', 'each value in characterIds must be a UUID'],
    ['a nested opponent that is not an object', EnchantedRealmsDrawInput, { campaignId, actorId: characterId, action: 'ATTACK', opponent: 'Ann' }, 'opponent', 'nested property opponent must be either object or array'],
    ['a bad UUID in a nested opponent', EnchantedRealmsDrawInput, { campaignId, actorId: characterId, action: 'ATTACK', opponent: { characterId: 'x' } }, 'opponent.characterId', 'characterId must be a UUID'],
    ['a nested return that is null', EnchantedRealmsReconcileInput, { campaignId, returns: [null] }, 'returns.0', 'each value in nested property returns must be either object or array'],
    ['a card id too long in a nested return', EnchantedRealmsReconcileInput, { campaignId, returns: [{ cardIds: ['x'.repeat(41)] }] }, 'returns.0.cardIds', 'each value in cardIds must be longer than or equal to 1 and shorter than or equal to 40 characters'],
    ['a burn amount out of range', TenthRealmTrialRollInput, {
      characterId, attribute: 'HEART', dr: 12, fate: false, burns: [{ characterId, cardId: 'QH', effect: 'VANORI', amount: 21 }], drAdjustments: [],
    }, 'burns.0.amount', 'amount must not be greater than 20'],
    ['a page size that is not a number', EventsQuery, { limit: 'ten' }, 'limit', 'limit must be an integer number'],
  ])('refuses %s with the problem Nest reports', async (_name, metatype, value, field, message) => {
    const refusalOf = (pipe: ValidationPipe) => pipe.transform(copyOf(value), argumentOf(metatype)).catch((error: unknown) => error);
    const [ours, nests] = await Promise.all([refusalOf(inputValidationPipe), refusalOf(nestPipe)]);
    expect(ours).toBeInstanceOf(BadUserInputError);
    expect(ours).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
    expect(ours).toStrictEqual(nests);
  });
});
