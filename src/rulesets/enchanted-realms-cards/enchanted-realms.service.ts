import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BadUserInputError, ForbiddenError, NotFoundError, RuleViolationError } from '../../common/errors.js';
import { enchantedRealmsDrawOdds, enchantedRealmsOddsView, type DrawOdds } from '../../rules/enchanted-realms-cards/odds.js';
import type { CardDefinition } from '../../rules/cards/card.js';
import { validateAdventureDeck } from '../../rules/enchanted-realms-cards/cards.js';
import { ENCHANTED_REALMS_STARTER, ENCHANTED_REALMS_STARTER_PRESET } from '../../rules/enchanted-realms-cards/starter-deck.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import { MembersRepository } from '../../modules/campaigns/members.repository.js';
import { CharactersRepository, type CharacterOwner, type CharacterRecord } from '../../modules/characters/characters.repository.js';
import { DecksRepository, type DeckRecord } from '../../modules/decks/decks.repository.js';
import { DecksService } from '../../modules/decks/decks.service.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import { TableRunner } from '../kernel/table-runner.js';
import { Rulesets } from '../kernel/rulesets.js';
import { EnchantedRealmsTables, SHEET_KEY, sheetOf, type NewCharacterRow } from './enchanted-realms.tables.js';
import { ENCHANTED_REALMS_CARDS, EnchantedRealmsRepository, enchantedRealmsStateOf, type EnchantedRealmsCampaignState } from './enchanted-realms.repository.js';
import { dealLeadHand, type DrawInput, LEAD_PLAYER, type TableRule } from '../../rules/enchanted-realms-cards/table.js';
import { sameData } from '../../rules/plain-data.js';
import { AUTHORITY } from '../../rules/enchanted-realms-cards/authority.js';

export const ADVENTURE_DECK_NAME = 'Adventure Deck';

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
    private readonly runner: TableRunner,
    private readonly tables: EnchantedRealmsTables,
    private readonly rulesets: Rulesets,
  ) {}

  onModuleInit(): void {
    this.rulesets.register({
      id: ENCHANTED_REALMS_CARDS,
      name: 'Enchanted Realms (card edition)',
      description: 'The Adventure Deck: Draw and Counter Draw contests, Challenge Numbers, damage, rewards, barter and card stacking.',
      authority: AUTHORITY,
      ownedDecks: {
        deckIds: (state) => [enchantedRealmsStateOf(state)?.deckId ?? []].flat(),
        operations: [
          'enchantedRealmsDraw',
          'enchantedRealmsCountCreatures',
          'enchantedRealmsReconcile',
          'enchantedRealmsAward',
          'enchantedRealmsBarter',
          'enchantedRealmsLayWorld',
          'enchantedRealmsMoveToWorld',
        ],
      },
      settingKeys: ['cards'],
      settings: (given) => this.settings(given),
      validateCards: (cards, field) => this.checkedCards(cards, field),
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
    return { ...given, cards: this.checkedCards(given.cards, 'settings.cards') };
  }

  /**
   * Adventure Deck cards, checked card by card (enchanted-realms-cards.md, Cards: unique ids, known
   * types, integer Force and bonuses): the settings' cards and a `createDeck` of the campaign alike.
   * A bad card is BAD_USER_INPUT on `field[i]`, naming the card; every problem found is listed.
   */
  private checkedCards(cards: unknown[], field: string): CardDefinition[] {
    const checked = validateAdventureDeck(cards.map(withoutNulls));
    if (!checked.ok) {
      const [first, ...more] = checked.errors;
      const others = more.length === 0 ? '' : ` (and ${more.length} more ${more.length === 1 ? 'problem' : 'problems'})`;
      throw new BadUserInputError(`${field}: ${first.message}${others}`, `${field}[${first.index}]`, {
        index: first.index,
        cardId: first.cardId,
        problems: checked.errors.map((error) => error.message),
      });
    }
    return checked.cards;
  }

  /**
   * A new campaign gets its Adventure Deck — the starter preset, or the settings' `cards` — and the
   * Lead Player's starting hand (`dealLeadHand`), whose cards only the GM sees.
   */
  private async setUpCampaign(action: CampaignAction, settings: Record<string, unknown>): Promise<void> {
    const custom = settings.cards as CardDefinition[] | undefined;
    const deck = this.deckService.addDeck(action, ADVENTURE_DECK_NAME, custom ?? ENCHANTED_REALMS_STARTER, custom ? undefined : ENCHANTED_REALMS_STARTER_PRESET.id);
    const { piles, cardIds } = dealLeadHand(deck.piles, action.rng);
    if (cardIds.length > 0) {
      action.changes.savePiles(deck.id, piles);
      const payload = { deckId: deck.id, count: cardIds.length, drawPileCount: deck.piles.drawPile.length };
      action.record('enchanted-realms.lead-hand.dealt', payload, { secret: { cardIds }, secretFor: null });
    }
    const state: EnchantedRealmsCampaignState = { deckId: deck.id, offers: [], calls: [], overcome: [] };
    action.changes.saveRulesetState(state);
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
    options: { newCharacter?: NewCharacterRow } = {},
  ): Promise<R & Played> {
    const { result, loaded, after, eventSeq } = await this.runner.play(principal, campaignId, this.tables, options.newCharacter, rule, input);
    // Calls and challenges are named by the seq the table said the move's first event gets (a
    // move that records nothing answers the seq before it).
    if (eventSeq !== loaded.state.nextEventSeq && eventSeq !== loaded.state.nextEventSeq - 1) {
      throw new Error(`the move's first event is #${eventSeq}, not #${loaded.state.nextEventSeq} as its rule was told`);
    }
    const adventureDeck: DeckRecord = { ...loaded.rows.deck, piles: after.piles };
    const characters = new Map<string, PlayedCharacter>(loaded.rows.rows.map((row) => [row.id, { ...row, adventureDeck }]));
    for (const [id, character] of Object.entries(after.characters)) {
      const row = loaded.rows.rows.find((each) => each.id === id);
      if (row && sameData(sheetOf(row), character.sheet)) continue;
      const base = row ?? { ...options.newCharacter!, campaignId, sheet: {}, createdAt: new Date() };
      characters.set(id, { ...base, sheet: { ...base.sheet, [SHEET_KEY]: character.sheet }, adventureDeck });
    }
    return { ...result, eventSeq, characters, deck: adventureDeck };
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
    const moveInput = { ...(ruleInput as object), characterId: id, memberId, name: input.name };
    const result = await this.play(principal, input.campaignId, rule, moveInput as I & { characterId: string; memberId: string | null; name: string }, {
      newCharacter: { id, memberId, name: input.name },
    });
    return { ...result, character: result.characters.get(id)! };
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

  /**
   * The odds of a Draw before it is made (rules/enchanted-realms-cards/odds.ts), from the asker's
   * view alone: a player sees their own characters' hands, the GM every hand (the Lead Player's
   * too); the draw pile's order never. Reads the table without writing or drawing.
   */
  async drawOdds(principal: Principal, campaignId: string, input: DrawInput): Promise<DrawOdds> {
    const gm = isGameMaster(principal, campaignId);
    const answer = await this.runner.read(principal, campaignId, this.tables, undefined, ({ state, rows }) => {
      const own = rows.rows.filter((row) => gm || row.memberId === principal.memberId).map((row) => row.id);
      const viewers = gm ? [...new Set([...own, ...Object.keys(state.piles.hands), LEAD_PLAYER])] : own;
      return enchantedRealmsDrawOdds(enchantedRealmsOddsView(state, viewers), input);
    });
    if (!answer.ok) throw new RuleViolationError(answer.violation);
    return answer.odds;
  }
}
