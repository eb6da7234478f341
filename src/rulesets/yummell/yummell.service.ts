import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ForbiddenError, NotFoundError, RuleViolationError } from '../../common/errors.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import { MembersRepository } from '../../modules/campaigns/members.repository.js';
import { CharactersRepository, type CharacterOwner, type CharacterRecord } from '../../modules/characters/characters.repository.js';
import { DecksRepository, type DeckRecord } from '../../modules/decks/decks.repository.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import type { Rule } from '../../rules/kernel/outcome.js';
import { sameData } from '../../rules/plain-data.js';
import { AUTHORITY, yummellSetUp, type YummellCard, type YummellState } from '../../rules/yummell/index.js';
import { yummellChallengeOdds, type ChallengeOdds } from '../../rules/yummell/odds.js';
import { Rulesets } from '../kernel/rulesets.js';
import { TableRunner } from '../kernel/table-runner.js';
import { raceCards, toCardDefinition } from './yummell-cards.js';
import { YUMMELL, YummellRepository, type YummellCampaignState } from './yummell.repository.js';
import { checkRaceChoice, type RaceChoice } from './yummell.settings.js';
import { DECK_NAME, SHEET_KEY, sheetOf, YummellTables, type NewCharacterRow, type YummellScope } from './yummell.tables.js';

/**
 * A character after a move, as the API returns it: with the encounter deck then, which the view
 * of its sheet needs and would otherwise read.
 */
export type PlayedCharacter = CharacterRecord & { readonly yummellDeck?: DeckRecord };

/** What a move answers besides its rule's result. */
export interface Played<R> {
  result: R;
  /** The seq of the move's first event. */
  eventSeq: number;
  /** The race's cards, to show the cards a result names. */
  cards: Readonly<Record<string, YummellCard>>;
  /** The encounter deck after the move (a new one after a set-up with another deck list). */
  deck: DeckRecord;
  characters: Map<string, PlayedCharacter>;
}

/**
 * Runs Yummell's pure rules (src/rules/yummell/) against a campaign: registers the ruleset, checks
 * who may act, plays one rule in a move of the campaign (TableRunner) and hands back what changed.
 */
@Injectable()
export class YummellService implements OnModuleInit {
  constructor(
    private readonly repository: YummellRepository,
    private readonly characters: CharactersRepository,
    private readonly members: MembersRepository,
    private readonly decks: DecksRepository,
    private readonly runner: TableRunner,
    private readonly tables: YummellTables,
    private readonly rulesets: Rulesets,
  ) {}

  onModuleInit(): void {
    this.rulesets.register({
      id: YUMMELL,
      name: 'Yummell',
      description: 'A race along a track: movement by cards, the encounter pile (Creature challenges, Artefacts, Events), Abilities and Advantages.',
      authority: AUTHORITY,
      settingKeys: ['board', 'boardPreset', 'cards', 'deckPreset'],
      settings: (given) => ({ ...checkRaceChoice(given, 'settings.', { defaults: true }) }),
      setUpCampaign: (action, settings) => this.setUpRace(action, settings as RaceChoice),
    });
  }

  /** A new campaign's race: its board and encounter deck, shuffled (yummellSetUp, on the campaign's stream). */
  private async setUpRace(action: CampaignAction, settings: RaceChoice): Promise<void> {
    await this.runner.playIn(action, this.tables, { field: 'campaignId' }, yummellSetUp, settings);
  }

  // ---- access -------------------------------------------------------------------------------

  /** A character the caller can see (of their campaign), or NOT_FOUND. */
  async characterInReach(principal: Principal, characterId: string): Promise<CharacterOwner> {
    const character = await this.characters.findOwner(characterId);
    if (!character || (principal.role !== 'ADMIN' && principal.campaignId !== character.campaignId)) throw new NotFoundError('Character', characterId);
    return character;
  }

  /** The character who acts, checked: in the caller's campaign, and the caller's own unless GM (AUTHORITY: ACTING_PLAYER). */
  async actingCharacter(principal: Principal, characterId: string): Promise<CharacterOwner> {
    const character = await this.characterInReach(principal, characterId);
    if (!isGameMaster(principal, character.campaignId) && (character.memberId === null || character.memberId !== principal.memberId)) {
      throw new ForbiddenError('A player may only act for their own characters');
    }
    return character;
  }

  // ---- playing a rule -----------------------------------------------------------------------

  /** Applies one rule to the campaign's race and stores the outcome. */
  async play<I, R>(principal: Principal, campaignId: string, rule: Rule<YummellState, I, R>, input: I, scope: YummellScope): Promise<Played<R>> {
    const { result, loaded, after, eventSeq } = await this.runner.play(principal, campaignId, this.tables, scope, rule, input);
    const { rows, deck: before, savedDeckId } = loaded.rows;
    const deck: DeckRecord = savedDeckId
      ? { id: savedDeckId, campaignId, name: DECK_NAME, cards: Object.values(after.campaign.cards).map(toCardDefinition), piles: after.piles }
      : { ...before!, piles: after.piles };
    const yummellDeck = deck;
    const characters = new Map<string, PlayedCharacter>(rows.map((row) => [row.id, { ...row, yummellDeck }]));
    for (const [id, sheet] of Object.entries(after.characters)) {
      const row = rows.find((each) => each.id === id);
      if (row && sameData(sheetOf(row), sheet)) continue;
      const base = row ?? { ...scope.newCharacter!, campaignId, sheet: {}, createdAt: new Date() };
      characters.set(id, { ...base, sheet: { ...base.sheet, [SHEET_KEY]: sheet }, yummellDeck });
    }
    return { result, eventSeq, cards: after.campaign.cards, deck, characters };
  }

  /**
   * The odds of a character's pending challenge (rules/yummell/odds.ts): computed from that
   * character's player's view alone (their hand and the public race), read without writing or
   * drawing.
   */
  async challengeOdds(principal: Principal, campaignId: string, characterId: string, advantages: readonly string[]): Promise<{ odds: ChallengeOdds; cards: Readonly<Record<string, YummellCard>> }> {
    const answer = await this.runner.read(principal, campaignId, this.tables, { field: 'characterId' }, ({ state }) => ({
      outcome: yummellChallengeOdds(state, { characterId, advantages: [...advantages] }),
      cards: state.campaign.cards,
    }));
    if (!answer.outcome.ok) throw new RuleViolationError(answer.outcome.violation);
    return { odds: answer.outcome.result, cards: answer.cards };
  }

  /** Creates a character: the row and its sheet come from one move. The memberId is checked first. */
  async createCharacter<I extends object, R>(
    principal: Principal,
    input: { campaignId: string; name: string; memberId?: string | null },
    rule: Rule<YummellState, I & { characterId: string; memberId: string | null; name: string }, R>,
    ruleInput: I,
  ): Promise<Played<R> & { character: PlayedCharacter }> {
    const memberId = input.memberId ?? null;
    if (memberId !== null && !(await this.members.findInCampaign(input.campaignId, memberId))) throw new NotFoundError('Member', memberId);
    const newCharacter: NewCharacterRow = { id: randomUUID(), memberId, name: input.name };
    const played = await this.play(principal, input.campaignId, rule, { ...ruleInput, characterId: newCharacter.id, memberId, name: input.name }, { newCharacter, field: 'campaignId' });
    return { ...played, character: played.characters.get(newCharacter.id)! };
  }

  // ---- reads --------------------------------------------------------------------------------

  /** The campaign's race, or null for a campaign of another ruleset. */
  async campaignState(principal: Principal, campaignId: string): Promise<YummellCampaignState | null> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    return (await this.repository.findCampaignState(campaignId)) ?? null;
  }

  /** The campaign's encounter deck (through the campaign's decks, which a list of characters reads once), or null. */
  async encounterDeck(principal: Principal, campaignId: string): Promise<{ state: YummellCampaignState; deck: DeckRecord } | null> {
    const state = await this.campaignState(principal, campaignId);
    const deck = state && (await this.decks.listByCampaign(campaignId)).find((candidate) => candidate.id === state.deckId);
    return state && deck ? { state, deck } : null;
  }

  /** The race's card definitions, from the deck's list. */
  cardsOf(deck: DeckRecord): Readonly<Record<string, YummellCard>> {
    return raceCards(deck.cards);
  }
}
