import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BadUserInputError, ForbiddenError, NotFoundError, RuleViolationError } from '../../common/errors.js';
import { validateCardList, type CardDefinition } from '../../rules/cards/card.js';
import {
  drawCards,
  moveCards,
  newDeckPiles,
  reshuffle,
  returnDiscards,
  type DeckPiles,
  type MoveDestination,
  type PileOutcome,
} from '../../rules/cards/piles.js';
import { CARD_PRESETS, type CardPreset } from '../../rules/cards/presets.js';
import { isGameMaster, requireCampaignRole } from '../auth/auth.service.js';
import type { Principal } from '../auth/principal.js';
import { CharactersRepository, type CharacterRecord } from '../characters/characters.repository.js';
import { GameLedger, type CampaignAction } from '../events/game-ledger.service.js';
import type { DrawFrom, DrawTo, MoveTo } from './deck.model.js';
import { DecksRepository, type DeckRecord } from './decks.repository.js';
import { Rulesets } from '../../rulesets/kernel/rulesets.js';

/** A card as the API shows it. */
export interface CardView extends CardDefinition {
  deckId: string;
}

/** A deck as the API shows it: counts and face-up cards, never the draw pile's order. */
export interface DeckView {
  id: string;
  campaignId: string;
  name: string;
  cardCount: number;
  drawPileCount: number;
  discardPile: CardView[];
  table: CardView[];
  hands: Array<{ characterId: string; count: number }>;
}

/** A hand that holds cards: its deck, its holder (a character id, or a ruleset's holder such as the Lead Player's) and how many. */
export interface HeldHand {
  deckId: string;
  holderId: string;
  count: number;
}

/** A character, as far as its hand is concerned. */
type HandHolder = Pick<CharacterRecord, 'id' | 'campaignId' | 'memberId'>;

/** Card lookup by id, built once per list of cards (the repository shares a deck's list between reads). */
const cardIndexes = new WeakMap<readonly CardDefinition[], Map<string, CardDefinition>>();

function cardsOf(deck: DeckRecord, ids: readonly string[]): CardView[] {
  let byId = cardIndexes.get(deck.cards);
  if (!byId) {
    byId = new Map(deck.cards.map((card) => [card.id, card]));
    cardIndexes.set(deck.cards, byId);
  }
  return ids.map((id) => ({ ...byId.get(id)!, deckId: deck.id }));
}

/**
 * The deck as the API shows it. The card lists and hand sizes are worked out when read — most
 * answers ask for a few counts, not the whole discard pile — and on every read, like a field
 * resolver; `toJSON` serialises them too. They are the class's getters: on Node.js 20 an object
 * literal with getters outlives the young generation's collections, with the deck its getters
 * close over, until a full one.
 */
class LazyDeckView implements DeckView {
  readonly id: string;
  readonly campaignId: string;
  readonly name: string;
  readonly cardCount: number;
  readonly drawPileCount: number;
  // Private: a view copied or serialised must not carry the draw pile's order.
  readonly #deck: DeckRecord;
  readonly #piles: DeckPiles;

  constructor(deck: DeckRecord, piles: DeckPiles) {
    this.id = deck.id;
    this.campaignId = deck.campaignId;
    this.name = deck.name;
    this.cardCount = deck.cards.length;
    this.drawPileCount = piles.drawPile.length;
    this.#deck = deck;
    this.#piles = piles;
  }

  get discardPile(): CardView[] {
    return cardsOf(this.#deck, this.#piles.discardPile);
  }

  get table(): CardView[] {
    return cardsOf(this.#deck, this.#piles.table);
  }

  get hands(): DeckView['hands'] {
    return Object.entries(this.#piles.hands)
      .filter(([, hand]) => hand.length > 0)
      .map(([characterId, hand]) => ({ characterId, count: hand.length }));
  }

  toJSON(): DeckView {
    const { id, campaignId, name, cardCount, drawPileCount, discardPile, table, hands } = this;
    return { id, campaignId, name, cardCount, drawPileCount, discardPile, table, hands };
  }
}

/** The deck as the API shows it, with `piles` (a move's outcome) in place of the deck's own. */
export function toDeckView(deck: DeckRecord, piles = deck.piles): DeckView {
  return new LazyDeckView(deck, piles);
}

function unwrap<T extends PileOutcome>(outcome: T): Extract<T, { ok: true }> {
  if (!outcome.ok) throw new RuleViolationError(outcome.violation);
  return outcome as Extract<T, { ok: true }>;
}

@Injectable()
export class DecksService {
  constructor(
    private readonly decks: DecksRepository,
    private readonly characters: CharactersRepository,
    private readonly ledger: GameLedger,
    private readonly rulesets: Rulesets,
  ) {}

  /**
   * Whether a generic move on this deck overrides its ruleset's own rules (RulesetDefinition.
   * ownedDecks): false for a deck no ruleset owns; for an owned deck FORBIDDEN to players, and
   * RULE_VIOLATION for the GM unless `override` is given, naming the ruleset's own operations.
   */
  private overridesOwner(principal: Principal, action: CampaignAction, deckId: string, override: boolean | undefined, operation: string): boolean {
    const ruleset = this.rulesets.find(action.campaign.ruleset);
    const owned = ruleset?.ownedDecks;
    if (!ruleset || !owned || !owned.deckIds(action.campaign.rulesetState ?? {}).includes(deckId)) return false;
    const ways = owned.operations.join(', ');
    if (!isGameMaster(principal, action.campaign.id)) {
      throw new ForbiddenError(`This deck is moved by ${ruleset.name}'s own rules (${ways}), not by ${operation}`);
    }
    if (override !== true) {
      throw new RuleViolationError({
        reason: 'OWNED_DECK',
        message: `this deck is moved by ${ruleset.name}'s own rules (${ways}); as the GM, pass override: true to ${operation} it anyway`,
      });
    }
    return true;
  }

  findPreset(id: string): CardPreset {
    const preset = CARD_PRESETS[id];
    if (!preset) throw new NotFoundError('Card preset', id);
    return preset;
  }

  /**
   * GM: a new deck from a preset or a card list, shuffled with the campaign's random stream. A
   * card list is checked as the campaign's ruleset checks cards (RulesetDefinition.validateCards).
   */
  async createDeck(
    principal: Principal,
    input: { campaignId: string; name: string; preset?: string; cards?: unknown[] },
  ): Promise<DeckView> {
    requireCampaignRole(principal, input.campaignId, 'GM');
    const cards = this.cardsForNewDeck(input);
    return this.ledger.act(principal, input.campaignId, async (action) => {
      // A campaign's own cards are checked as its ruleset checks its settings' cards.
      const ruleset = input.cards == null ? undefined : this.rulesets.find(action.campaign.ruleset);
      const checked = ruleset?.validateCards ? ruleset.validateCards(cards as unknown[], 'cards') : cards;
      return toDeckView(this.addDeck(action, input.name, checked, input.preset));
    });
  }

  /** Adds a deck within a move on its campaign (rulesets set up their decks so), shuffled with the campaign's stream. */
  addDeck(action: CampaignAction, name: string, cards: readonly CardDefinition[], preset?: string): DeckRecord {
    const deck: DeckRecord = { id: randomUUID(), campaignId: action.campaign.id, name, cards, piles: newDeckPiles(cards, action.rng) };
    action.changes.addDeck(deck);
    action.record('deck.created', { deckId: deck.id, name, cardCount: cards.length, preset: preset ?? null });
    return deck;
  }

  async shuffleDeck(principal: Principal, input: { deckId: string; includeDiscard: boolean }): Promise<{ deck: DeckView; eventSeq: number }> {
    const campaignId = await this.campaignOfDeck(principal, input.deckId);
    requireCampaignRole(principal, campaignId, 'GM');
    return this.ledger.act(principal, campaignId, async (action) => {
      const deck = await this.lockedDeck(input.deckId);
      const piles = reshuffle(deck.piles, { includeDiscard: input.includeDiscard }, action.rng);
      action.changes.savePiles(deck.id, piles);
      const eventSeq = action.record('deck.shuffled', { deckId: deck.id, includeDiscard: input.includeDiscard });
      return { deck: toDeckView(deck, piles), eventSeq };
    });
  }

  /**
   * Draws cards into a hand, onto the discard pile (revealed) or onto the table. A PLAYER draws
   * only into the hand of a character of their own; the GM anywhere. A deck a ruleset owns is
   * moved by its rules: the GM alone draws from it here, with `override`.
   */
  async drawCards(
    principal: Principal,
    input: { deckId: string; count: number; from: DrawFrom; to: DrawTo; characterId?: string; override?: boolean | null },
  ): Promise<{ cards: CardView[]; deck: DeckView; reshuffled: boolean; eventSeq: number }> {
    const campaignId = await this.campaignOfDeck(principal, input.deckId);
    if (!isGameMaster(principal, campaignId) && input.to !== 'HAND') {
      throw new ForbiddenError('A player may only draw cards into their own hand');
    }
    const toHand = input.to === 'HAND';
    const holder = await this.destinationCharacter(principal, campaignId, toHand, input.characterId);
    const to = holder ? { kind: 'HAND' as const, holderId: holder.id } : { kind: input.to as 'DISCARD' | 'TABLE' };
    return this.ledger.act(principal, campaignId, async (action) => {
        const deck = await this.lockedDeck(input.deckId);
        const override = this.overridesOwner(principal, action, deck.id, input.override ?? undefined, 'drawCards');
        const outcome = unwrap(drawCards(deck.piles, { count: input.count, from: input.from, to }, action.rng));
        action.changes.savePiles(deck.id, outcome.piles);
        const cards = cardsOf(deck, outcome.drawn);
        const faceUp = to.kind !== 'HAND';
        const eventSeq = action.record(
          'cards.drawn',
          {
            deckId: deck.id,
            count: input.count,
            from: input.from,
            to: input.to,
            characterId: holder?.id ?? null,
            reshuffled: outcome.reshuffled,
            cardIds: faceUp ? outcome.drawn : null,
            ...(override ? { override: true } : {}),
          },
          faceUp ? {} : { secret: { cardIds: outcome.drawn }, secretFor: holder!.memberId },
        );
        return { cards, deck: toDeckView(deck, outcome.piles), reshuffled: outcome.reshuffled, eventSeq };
    });
  }

  /**
   * Moves cards in play (discard pile, table, hands) to a pile, the table or a hand. A PLAYER may
   * only move cards out of the hands of their own characters. A deck a ruleset owns: the GM
   * alone, with `override`.
   */
  async moveCards(
    principal: Principal,
    input: { deckId: string; cardIds: string[]; to: MoveTo; characterId?: string; override?: boolean | null },
  ): Promise<{ deck: DeckView; eventSeq: number }> {
    const campaignId = await this.campaignOfDeck(principal, input.deckId);
    const holder = await this.destinationCharacter(principal, campaignId, input.to === 'HAND', input.characterId, true);
    return this.ledger.act(principal, campaignId, async (action) => {
      const deck = await this.lockedDeck(input.deckId);
      const override = this.overridesOwner(principal, action, deck.id, input.override ?? undefined, 'moveCards');
      const onlyFromHolders = isGameMaster(principal, campaignId) ? undefined : await this.ownCharacterIds(principal, campaignId);
      const to: MoveDestination = holder ? { kind: 'HAND', holderId: holder.id } : { kind: input.to as Exclude<MoveTo, 'HAND'> };
      const { piles } = unwrap(moveCards(deck.piles, input.cardIds, to, { onlyFromHolders }));
      action.changes.savePiles(deck.id, piles);
      const faceUp = to.kind === 'DISCARD' || to.kind === 'TABLE';
      const eventSeq = action.record(
        'cards.moved',
        {
          deckId: deck.id,
          count: input.cardIds.length,
          to: input.to,
          characterId: holder?.id ?? null,
          cardIds: faceUp ? input.cardIds : null,
          ...(override ? { override: true } : {}),
        },
        faceUp ? {} : { secret: { cardIds: input.cardIds }, secretFor: holder?.memberId ?? principal.memberId },
      );
      return { deck: toDeckView(deck, piles), eventSeq };
    });
  }

  /** GM: every deck's discard pile and table go back into its draw pile, shuffled. */
  async endScene(principal: Principal, campaignId: string): Promise<{ decks: DeckView[]; eventSeq: number | null }> {
    requireCampaignRole(principal, campaignId, 'GM');
    return this.ledger.act(principal, campaignId, async (action) => {
      const decks = await this.decks.listByCampaign(campaignId);
      const views: DeckView[] = [];
      for (const deck of decks) {
        const piles = returnDiscards(deck.piles, action.rng);
        action.changes.savePiles(deck.id, piles);
        views.push(toDeckView(deck, piles));
      }
      const eventSeq = action.record('scene.ended', { deckIds: decks.map((deck) => deck.id) });
      return { decks: views, eventSeq };
    });
  }

  /** Shuffles every draw pile of the campaign afresh (after the seed that ordered them was revealed). */
  async reshuffleDrawPiles(principal: Principal, campaignId: string): Promise<void> {
    await this.ledger.act(principal, campaignId, async (action) => {
      for (const deck of await this.decks.listByCampaign(campaignId)) {
        const piles = reshuffle(deck.piles, { includeDiscard: false }, action.rng);
        action.changes.savePiles(deck.id, piles);
        action.record('deck.shuffled', { deckId: deck.id, includeDiscard: false, reason: 'seed rotated' });
      }
    });
  }

  async findDeck(principal: Principal, id: string): Promise<DeckView> {
    await this.campaignOfDeck(principal, id);
    const deck = await this.decks.findById(id);
    if (!deck) throw new NotFoundError('Deck', id);
    return toDeckView(deck);
  }

  async listDecks(principal: Principal, campaignId: string): Promise<DeckView[]> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    return (await this.decks.listByCampaign(campaignId)).map((deck) => toDeckView(deck));
  }

  /** The deck's cards in the order they were defined: for the GM only, null for everyone else. */
  cardsFor(principal: Principal, deck: Pick<DeckView, 'id' | 'campaignId'>): Promise<CardView[] | null> {
    if (!isGameMaster(principal, deck.campaignId)) return Promise.resolve(null);
    return this.decks.findById(deck.id).then((found) => (found ? cardsOf(found, found.cards.map((card) => card.id)) : null));
  }

  /** Every hand of the campaign that holds cards, deck by deck (the Lead Player's too). */
  async cardsHeld(campaignId: string): Promise<HeldHand[]> {
    const decks = await this.decks.listByCampaign(campaignId);
    return decks.flatMap((deck) =>
      Object.entries(deck.piles.hands)
        .filter(([, hand]) => hand.length > 0)
        .map(([holderId, hand]) => ({ deckId: deck.id, holderId, count: hand.length })),
    );
  }

  /** How many cards a character holds over every deck of its campaign. */
  async handCount(character: HandHolder): Promise<number> {
    const decks = await this.decks.listByCampaign(character.campaignId);
    return decks.reduce((sum, deck) => sum + (deck.piles.hands[character.id]?.length ?? 0), 0);
  }

  /** The cards a character holds: for its owner and the GM only, null for everyone else. */
  async handOf(principal: Principal, character: HandHolder): Promise<CardView[] | null> {
    const mayLook = isGameMaster(principal, character.campaignId) || (character.memberId !== null && character.memberId === principal.memberId);
    if (!mayLook) return null;
    const decks = await this.decks.listByCampaign(character.campaignId);
    return decks.flatMap((deck) => cardsOf(deck, deck.piles.hands[character.id] ?? []));
  }

  private cardsForNewDeck(input: { preset?: string | null; cards?: unknown[] | null }): readonly CardDefinition[] {
    // A field sent as null is as good as left out.
    if ((input.preset == null) === (input.cards == null)) {
      throw new BadUserInputError('Give either a preset or a list of cards', 'preset');
    }
    if (input.preset != null) {
      const preset = CARD_PRESETS[input.preset];
      if (!preset) {
        throw new BadUserInputError(
          `Unknown preset '${input.preset}'; known presets: ${Object.keys(CARD_PRESETS).join(', ')}`,
          'preset',
        );
      }
      return preset.cards;
    }
    // GraphQL leaves absent optional fields as null; the card rules expect them left out.
    const cards = input.cards!.map((card) =>
      Object.fromEntries(Object.entries(card as object).filter(([, value]) => value !== null && value !== undefined)),
    );
    const validation = validateCardList(cards);
    if (!validation.ok) {
      throw new BadUserInputError(validation.error.message, `cards[${validation.error.index}]`, {
        index: validation.error.index,
        cardId: validation.error.cardId,
      });
    }
    return validation.cards;
  }

  /** The deck's campaign, or NOT_FOUND when it does not exist for this caller. */
  private async campaignOfDeck(principal: Principal, deckId: string): Promise<string> {
    const campaignId = await this.decks.findCampaignId(deckId);
    if (!campaignId || (principal.role !== 'ADMIN' && principal.campaignId !== campaignId)) {
      throw new NotFoundError('Deck', deckId);
    }
    return campaignId;
  }

  private async lockedDeck(id: string): Promise<DeckRecord> {
    return this.existingDeck(id, await this.decks.findById(id));
  }

  private existingDeck(id: string, deck: DeckRecord | undefined): DeckRecord {
    if (!deck) throw new NotFoundError('Deck', id);
    return deck;
  }

  /**
   * The character whose hand receives cards, checked: it must be of this campaign, and a
   * PLAYER's own unless `anyHand` (a player may give a card to another's hand). Whose a
   * character is never changes: known after its first read, with no round trip (a settled fact),
   * so it is checked before the move's transaction.
   */
  private async destinationCharacter(
    principal: Principal,
    campaignId: string,
    toHand: boolean,
    characterId: string | undefined,
    anyHand = false,
  ): Promise<HandHolder | null> {
    if (!toHand) {
      if (characterId !== undefined && characterId !== null) {
        throw new BadUserInputError('characterId is only for cards going to a HAND', 'characterId');
      }
      return null;
    }
    if (!characterId) throw new BadUserInputError('Say whose hand: characterId is required for HAND', 'characterId');
    const character = await this.characters.findOwner(characterId);
    if (character?.campaignId !== campaignId) throw new NotFoundError('Character', characterId);
    if (!anyHand && !isGameMaster(principal, campaignId) && character.memberId !== principal.memberId) {
      throw new ForbiddenError('A player may only draw cards into the hand of their own character');
    }
    return character;
  }

  private async ownCharacterIds(principal: Principal, campaignId: string): Promise<string[]> {
    const characters = await this.characters.listByCampaign(campaignId);
    return characters.filter((character) => character.memberId === principal.memberId).map((character) => character.id);
  }
}
