import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BadUserInputError, ForbiddenError, NotFoundError, RuleViolationError } from '../../common/errors.js';
import type { CardDefinition } from '../../rules/cards/card.js';
import { validateAdventureDeck } from '../../rules/enchanted-realms-cards/cards.js';
import { ENCHANTED_REALMS_STARTER, ENCHANTED_REALMS_STARTER_PRESET } from '../../rules/enchanted-realms-cards/starter-deck.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import { MembersRepository } from '../../modules/campaigns/members.repository.js';
import { CharactersRepository, type CharacterOwner, type CharacterRecord } from '../../modules/characters/characters.repository.js';
import { DecksRepository, type DeckRecord } from '../../modules/decks/decks.repository.js';
import { DecksService } from '../../modules/decks/decks.service.js';
import { GameLedger, type CampaignAction } from '../../modules/events/game-ledger.service.js';
import { RulesetHooks } from '../ruleset-hooks.js';
import { ENCHANTED_REALMS_CARDS, EnchantedRealmsRepository, enchantedRealmsStateOf, type EnchantedRealmsCampaignState } from './enchanted-realms.repository.js';
import {
  dealLeadHand,
  type EnchantedRealmsSheet,
  type EnchantedRealmsTable,
  LEAD_PLAYER,
  type TableRule,
} from '../../rules/enchanted-realms-cards/table.js';
import { sameData, withProps } from '../../rules/plain-data.js';

/** The key of a character's sheet under which Enchanted Realms keeps its own. */
const SHEET_KEY = 'enchantedRealms';
export const ADVENTURE_DECK_NAME = 'Adventure Deck';

export function sheetOf(character: Pick<CharacterRecord, 'sheet'>): EnchantedRealmsSheet | null {
  return (character.sheet?.[SHEET_KEY] as EnchantedRealmsSheet | undefined) ?? null;
}

/**
 * A character after a move, as the API returns it: with the Adventure Deck then, which the view
 * of its stack needs and would otherwise read.
 */
export type PlayedCharacter = CharacterRecord & { readonly adventureDeck?: DeckRecord };

/** What a move answers besides its rule's result. */
export interface Played {
  /** The seq of the move's first event (a RECONCILE appends one more per hand dealt). */
  eventSeq: number;
  characters: Map<string, PlayedCharacter>;
  deck: DeckRecord;
}

/** GraphQL leaves absent optional fields as null; the card rules expect them left out. */
const withoutNulls = (card: unknown): unknown =>
  typeof card === 'object' && card !== null && !Array.isArray(card)
    ? Object.fromEntries(Object.entries(card).filter(([, value]) => value !== null && value !== undefined))
    : card;

/**
 * Runs Enchanted Realms moves against a campaign: loads the table (the Adventure Deck, the sheets,
 * the waiting trades) inside the ledger's action, applies one move, writes back what changed and
 * appends the move's events. Access is checked before anything is loaded for writing.
 */
@Injectable()
export class EnchantedRealmsService implements OnModuleInit {
  constructor(
    private readonly repository: EnchantedRealmsRepository,
    private readonly characters: CharactersRepository,
    private readonly members: MembersRepository,
    private readonly decks: DecksRepository,
    private readonly deckService: DecksService,
    private readonly ledger: GameLedger,
    private readonly hooks: RulesetHooks,
  ) {}

  onModuleInit(): void {
    this.hooks.register(ENCHANTED_REALMS_CARDS, {
      settings: (given) => this.settings(given),
      setUpCampaign: (action, settings) => this.setUpCampaign(action, settings),
    });
  }

  /**
   * Campaign settings: `cards`, the campaign's own Adventure Deck instead of the starter deck,
   * checked card by card (unique ids, known types, integer Force and bonuses). A bad card is
   * BAD_USER_INPUT on `settings.cards[i]`, naming the card; every problem found is listed.
   */
  private settings(given: Record<string, unknown>): Record<string, unknown> {
    if (given.cards === undefined || given.cards === null) return given;
    if (!Array.isArray(given.cards)) throw new BadUserInputError('settings.cards must be a list of cards', 'settings.cards');
    const checked = validateAdventureDeck(given.cards.map(withoutNulls));
    if (!checked.ok) {
      const [first, ...more] = checked.errors;
      const others = more.length === 0 ? '' : ` (and ${more.length} more ${more.length === 1 ? 'problem' : 'problems'})`;
      throw new BadUserInputError(`settings.cards: ${first.message}${others}`, `settings.cards[${first.index}]`, {
        index: first.index,
        cardId: first.cardId,
        problems: checked.errors.map((error) => error.message),
      });
    }
    return withProps(given, { cards: checked.cards });
  }

  /**
   * A new campaign gets its Adventure Deck — the starter preset, or the settings' `cards` — and the
   * Lead Player's starting hand (`dealLeadHand`), whose cards only the GM sees.
   */
  private async setUpCampaign(action: CampaignAction, settings: Record<string, unknown>): Promise<void> {
    const custom = settings.cards as CardDefinition[] | undefined;
    const created = await this.deckService.addDeck(
      action,
      ADVENTURE_DECK_NAME,
      custom ?? ENCHANTED_REALMS_STARTER,
      custom ? undefined : ENCHANTED_REALMS_STARTER_PRESET.id,
    );
    const deck = await this.decks.findById(created.id);
    const { piles, cardIds } = dealLeadHand(deck!.piles, action.rng);
    if (cardIds.length > 0) {
      await this.decks.savePiles(created.id, piles);
      action.record(
        'enchanted-realms.lead-hand.dealt',
        { deckId: created.id, count: cardIds.length },
        { secret: { cardIds }, secretFor: null },
      );
    }
    await this.repository.saveCampaignState(action.campaign.id, { deckId: created.id, offers: [] });
  }

  // ---- access -------------------------------------------------------------------------------

  /** The character, checked: in the given campaign, and the caller's own unless GM. */
  async ownCharacter(principal: Principal, campaignId: string | null, characterId: string): Promise<CharacterOwner> {
    const character = await this.characterInReach(principal, campaignId, characterId);
    if (!isGameMaster(principal, character.campaignId) && character.memberId !== principal.memberId) {
      throw new ForbiddenError('A player may only act for their own characters');
    }
    return character;
  }

  /** A character the caller can see (of their campaign), or NOT_FOUND. */
  async characterInReach(principal: Principal, campaignId: string | null, characterId: string): Promise<CharacterOwner> {
    const character = await this.characters.findOwner(characterId);
    const outOfReach = (principal.role !== 'ADMIN' && principal.campaignId !== character?.campaignId) || (campaignId !== null && character?.campaignId !== campaignId);
    if (!character || outOfReach) throw new NotFoundError('Character', characterId);
    return character;
  }

  // ---- playing a move -----------------------------------------------------------------------

  /**
   * Applies one move to the campaign's table and stores the outcome. `newCharacter` names a
   * character the move creates: its row is inserted with the move's sheet.
   */
  async play<I, R extends object>(
    principal: Principal,
    campaignId: string,
    rule: TableRule<I, R>,
    input: I,
    options: { newCharacter?: { id: string; memberId: string | null; name: string } } = {},
  ): Promise<R & Played> {
    // Read with the campaign's lock, in its round trip (GameLedger.act): after the lock, so they
    // see what the previous holder committed.
    const prefetch = () => Promise.all([this.decks.findRulesetTable(campaignId, ENCHANTED_REALMS_CARDS), this.characters.listByCampaign(campaignId)]);
    return this.ledger.act(principal, campaignId, async (action, [table, rows]) => {
      const state = enchantedRealmsStateOf(table?.rulesetState);
      const deck = table?.deck;
      if (!state) throw new BadUserInputError('This campaign is not played by Enchanted Realms (card edition)', 'campaignId');
      if (!deck) throw new Error(`the Adventure Deck of campaign ${campaignId} is missing`);

      const before: EnchantedRealmsTable = {
        deck: deck.cards,
        piles: deck.piles,
        characters: Object.fromEntries(rows.map((row) => [row.id, { memberId: row.memberId, sheet: sheetOf(row) }])),
        offers: state.offers,
      };
      const outcome = rule(before, input, action.rng);
      if (!outcome.ok) throw new RuleViolationError(outcome.violation);
      const after = outcome.table;

      if (!sameData(before.piles, after.piles)) await this.decks.savePiles(deck.id, after.piles);
      if (!sameData(before.offers, after.offers)) await this.repository.saveCampaignState(campaignId, withProps(state, { offers: after.offers }));

      const adventureDeck = withProps(deck, { piles: after.piles });
      const characters = new Map<string, PlayedCharacter>(rows.map((row) => [row.id, withProps(row, { adventureDeck })]));
      const created = options.newCharacter;
      if (created) {
        const sheet = { [SHEET_KEY]: after.characters[created.id].sheet };
        characters.set(created.id, withProps(await this.characters.insert(withProps(created, { campaignId, sheet })), { adventureDeck }));
      }
      for (const row of rows) {
        const sheet = after.characters[row.id]?.sheet;
        if (sheet && !sameData(sheetOf(row), sheet)) {
          const updated = withProps(row.sheet, { [SHEET_KEY]: sheet });
          await this.characters.updateSheet(row.id, updated);
          characters.set(row.id, withProps(row, { sheet: updated, adventureDeck }));
        }
      }

      const seqs = outcome.events.map((event) =>
        action.record(event.type, event.payload, event.secret === undefined ? {} : { secret: event.secret, secretFor: event.secretFor ?? null }),
      );
      return withProps(outcome.result, { eventSeq: seqs[0], characters, deck: adventureDeck }) as R & Played;
    }, prefetch);
  }

  /** Creates a character: the row and its sheet come from one move. */
  async createCharacter<I, R extends object>(
    principal: Principal,
    input: { campaignId: string; name: string; memberId?: string | null },
    rule: TableRule<I & { characterId: string; memberId: string | null; name: string }, R>,
    ruleInput: I,
  ): Promise<R & Played & { character: PlayedCharacter }> {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const memberId = principal.role === 'PLAYER' ? (input.memberId ?? principal.memberId) : (input.memberId ?? null);
    if (principal.role === 'PLAYER' && memberId !== principal.memberId) {
      throw new ForbiddenError('A player may only create characters of their own');
    }
    if (memberId !== null && !(await this.members.findInCampaign(input.campaignId, memberId))) {
      throw new NotFoundError('Member', memberId);
    }
    const id = randomUUID();
    const moveInput = withProps(ruleInput as object, { characterId: id, memberId, name: input.name });
    const result = await this.play(principal, input.campaignId, rule, moveInput as I & { characterId: string; memberId: string | null; name: string }, {
      newCharacter: { id, memberId, name: input.name },
    });
    return withProps(result, { character: result.characters.get(id)! }) as R & Played & { character: PlayedCharacter };
  }

  // ---- reads --------------------------------------------------------------------------------

  async campaignState(principal: Principal, campaignId: string): Promise<EnchantedRealmsCampaignState | null> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    return (await this.repository.findCampaignState(campaignId)) ?? null;
  }

  /** The campaign's Adventure Deck, or null for a campaign of another ruleset. */
  async adventureDeck(principal: Principal, campaignId: string): Promise<DeckRecord | null> {
    const state = await this.campaignState(principal, campaignId);
    // Through the campaign's decks, which a list of campaigns or characters reads once.
    return state ? ((await this.decks.listByCampaign(campaignId)).find((deck) => deck.id === state.deckId) ?? null) : null;
  }

  /** The Lead Player's hand: for the GM only, null for everyone else. */
  leadHandFor(principal: Principal, deck: DeckRecord): string[] | null {
    return isGameMaster(principal, deck.campaignId) ? (deck.piles.hands[LEAD_PLAYER] ?? []) : null;
  }
}

