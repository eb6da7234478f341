import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BadUserInputError, ForbiddenError, NotFoundError, RuleViolationError } from '../../common/errors.js';
import { STANDARD_52 } from '../../rules/cards/presets.js';
import type { Rule as KernelRule } from '../../rules/kernel/outcome.js';
import { tenthRealmOddsView, tenthRealmTrialOdds, type TrialOdds } from '../../rules/tenth-realm/odds.js';
import { AUTHORITY, PLAYERS_SET_DIFFICULTY } from '../../rules/tenth-realm/authority.js';
import { DEFAULT_INVENTORY_SLOTS } from '../../rules/tenth-realm/sheet.js';
import type { TrialInput } from '../../rules/tenth-realm/trial-roll.js';
import type { TenthRealmState } from '../../rules/tenth-realm/table.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import { MembersRepository } from '../../modules/campaigns/members.repository.js';
import { CharactersRepository, type CharacterOwner, type CharacterRecord } from '../../modules/characters/characters.repository.js';
import { DecksService } from '../../modules/decks/decks.service.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import { sameData } from '../../rules/plain-data.js';
import { TableRunner } from '../kernel/table-runner.js';
import { Rulesets } from '../kernel/rulesets.js';
import { COMBAT_KIND, tenthRealmStateOf, TenthRealmRepository, type EncounterRecord, type TenthRealmCampaignState } from './tenth-realm.repository.js';
import { requireDecider } from './tenth-realm.authority.js';
import { SHEET_KEY, TENTH_REALM, TenthRealmTables, type CombatScope, type NewCharacterRow, type TableScope } from './tenth-realm.tables.js';

export const MIN_INVENTORY_SLOTS = 1;
export const MAX_INVENTORY_SLOTS = 30;

export type Rule<I, R> = KernelRule<TenthRealmState, I, R>;

/**
 * A character after a rule, as the API returns it: with the campaign's session then, which the
 * view of its sheet needs and would otherwise read.
 */
export type PlayedCharacter = CharacterRecord & { readonly tenthRealmSession?: number };

/**
 * Runs the Tenth Realm's pure rules against a campaign: loads the table (deck, sheets, regions,
 * combat) inside the ledger's action, applies one rule, writes back what changed and appends the
 * rule's event. Access is checked before anything is loaded for writing.
 */
@Injectable()
export class TenthRealmService implements OnModuleInit {
  constructor(
    private readonly repository: TenthRealmRepository,
    private readonly characters: CharactersRepository,
    private readonly members: MembersRepository,
    private readonly deckService: DecksService,
    private readonly runner: TableRunner,
    private readonly tables: TenthRealmTables,
    private readonly rulesets: Rulesets,
  ) {}

  onModuleInit(): void {
    this.rulesets.register({
      id: TENTH_REALM,
      name: 'The Tenth Realm',
      description:
        'Playing-card deck and polyhedral dice: trial and fate rolls, burning cards, Vanori, resilience, rest, combat, morale, XP, the oracle and regions.',
      authority: AUTHORITY,
      // Reveals, burns and the card a success keeps follow the rules (tenth-realm.md, "The deck"):
      // a generic draw would let a player pick up cards the rules never give them.
      ownedDecks: {
        deckIds: (state) => [tenthRealmStateOf(state)?.deckId ?? []].flat(),
        operations: ['tenthRealmTrialRoll', 'tenthRealmRevealRisk', 'tenthRealmBurnCard', 'tenthRealmEnterRegion', 'tenthRealmTravel', 'tenthRealmOracle', 'tenthRealmReaction'],
      },
      settingKeys: ['inventorySlots', PLAYERS_SET_DIFFICULTY],
      settings: (given) => this.settings(given),
      setUpCampaign: (action) => this.setUpCampaign(action),
    });
  }

  /**
   * Campaign settings: `inventorySlots` (tenth-realm.md, Character creation step 4), and
   * `playersSetDifficulty` (default false): players may set their own rolls' DR, changes and feat die.
   */
  private settings(given: Record<string, unknown>): Record<string, unknown> {
    const lighter = given[PLAYERS_SET_DIFFICULTY] ?? false;
    if (typeof lighter !== 'boolean') throw new BadUserInputError(`settings.${PLAYERS_SET_DIFFICULTY} must be true or false`, `settings.${PLAYERS_SET_DIFFICULTY}`);
    const slots = given.inventorySlots ?? DEFAULT_INVENTORY_SLOTS;
    if (!Number.isInteger(slots) || (slots as number) < MIN_INVENTORY_SLOTS || (slots as number) > MAX_INVENTORY_SLOTS) {
      throw new BadUserInputError(
        `settings.inventorySlots must be an integer from ${MIN_INVENTORY_SLOTS} to ${MAX_INVENTORY_SLOTS}`,
        'settings.inventorySlots',
      );
    }
    return { ...given, inventorySlots: slots, [PLAYERS_SET_DIFFICULTY]: lighter };
  }

  /** A new campaign gets its shared standard-52 deck and an empty map. */
  private async setUpCampaign(action: CampaignAction): Promise<void> {
    const deck = this.deckService.addDeck(action, 'The deck', STANDARD_52, 'standard-52');
    const state: TenthRealmCampaignState = { deckId: deck.id, world: { session: 1, currentHex: null, regions: {} } };
    action.changes.saveRulesetState(state);
  }

  // ---- access -------------------------------------------------------------------------------

  /** The character, checked: in the caller's campaign, and the caller's own unless GM. */
  async ownCharacter(principal: Principal, characterId: string): Promise<CharacterOwner> {
    const character = await this.characters.findOwner(characterId);
    if (!character || (principal.role !== 'ADMIN' && principal.campaignId !== character.campaignId)) {
      throw new NotFoundError('Character', characterId);
    }
    if (!isGameMaster(principal, character.campaignId) && character.memberId !== principal.memberId) {
      throw new ForbiddenError('A player may only act for their own characters');
    }
    return character;
  }

  /** GM of the character's campaign. */
  async gmCharacter(principal: Principal, characterId: string): Promise<CharacterOwner> {
    const character = await this.characters.findOwner(characterId);
    if (!character || (principal.role !== 'ADMIN' && principal.campaignId !== character.campaignId)) {
      throw new NotFoundError('Character', characterId);
    }
    requireCampaignRole(principal, character.campaignId, 'GM');
    return character;
  }

  /** The encounter's campaign, or NOT_FOUND when the caller cannot see it. */
  async encounterCampaign(principal: Principal, encounterId: string): Promise<string> {
    const campaignId = await this.repository.findEncounterCampaignId(encounterId);
    if (!campaignId || (principal.role !== 'ADMIN' && principal.campaignId !== campaignId)) {
      throw new NotFoundError('Encounter', encounterId);
    }
    return campaignId;
  }

  /** The encounter, or NOT_FOUND when the caller cannot see it. */
  async encounter(principal: Principal, encounterId: string): Promise<EncounterRecord> {
    const encounter = await this.repository.findEncounter(encounterId);
    if (!encounter || (principal.role !== 'ADMIN' && principal.campaignId !== encounter.campaignId)) {
      throw new NotFoundError('Encounter', encounterId);
    }
    return encounter;
  }

  /** Cards burned from another character's hand need that character's player, or the GM. */
  async checkBurners(principal: Principal, campaignId: string, burnerIds: readonly string[]): Promise<void> {
    if (isGameMaster(principal, campaignId)) return;
    for (const id of new Set(burnerIds)) {
      const burner = await this.characters.findOwner(id);
      if (burner?.campaignId !== campaignId) throw new NotFoundError('Character', id);
      if (burner.memberId !== principal.memberId) {
        throw new ForbiddenError("A player may only burn cards from their own characters' hands");
      }
    }
  }

  // ---- playing a rule -----------------------------------------------------------------------

  /** `play` in the campaign of a character the caller named: a campaign of another ruleset blames `characterId`. */
  playAsCharacter<I, R extends object>(principal: Principal, character: CharacterOwner, rule: Rule<I, R>, input: I, options: Omit<Parameters<TenthRealmService['play']>[4], 'campaignFrom'> = {}) {
    return this.play(principal, character.campaignId, rule, input, { ...options, campaignFrom: 'characterId' });
  }

  /**
   * Applies one rule to the campaign's table and stores the outcome. `newCharacter` names a
   * character the rule creates: its row is inserted with the rule's sheet.
   */
  async play<I, R extends object>(
    principal: Principal,
    campaignId: string,
    rule: Rule<I, R>,
    input: I,
    options: { combat?: CombatScope; newCharacter?: NewCharacterRow; authority?: { action: string; input: object }; campaignFrom?: TableScope['campaignFrom'] } = {},
  ): Promise<R & { eventSeq: number; characters: Map<string, PlayedCharacter>; encounter: EncounterRecord | null; after: TenthRealmState }> {
    const { authority } = options;
    const scope: TableScope = {
      combat: options.combat ?? 'NONE',
      newCharacter: options.newCharacter,
      campaignFrom: options.campaignFrom,
      authorize: authority && ((settings) => requireDecider(principal, campaignId, authority.action, authority.input, settings)),
    };
    const { result, loaded, after, eventSeq } = await this.runner.play(principal, campaignId, this.tables, scope, rule, input);
    const { rows, encounter } = loaded.rows;
    const tenthRealmSession = after.world.session;
    const characters = new Map<string, PlayedCharacter>(rows.map((row) => [row.id, { ...row, tenthRealmSession }]));
    for (const [id, sheet] of Object.entries(after.characters)) {
      const row = rows.find((each) => each.id === id);
      if (row && sameData(loaded.state.characters[id], sheet)) continue;
      const base = row ?? { ...options.newCharacter!, campaignId, sheet: {}, createdAt: new Date() };
      characters.set(id, { ...base, sheet: { ...base.sheet, [SHEET_KEY]: sheet }, tenthRealmSession });
    }
    const savedEncounter = after.combat
      ? { id: after.combat.id, campaignId, kind: COMBAT_KIND, status: after.combat.status, combat: after.combat, createdAt: encounter?.createdAt ?? new Date() }
      : null;
    return { ...result, eventSeq, characters, encounter: savedEncounter, after };
  }

  /** Creates a draft character: the row and its sheet come from one rule. */
  async createCharacter<R extends object>(
    principal: Principal,
    input: { campaignId: string; name: string; memberId?: string | null },
    rule: Rule<{ characterId: string }, R>,
  ) {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const memberId = principal.role === 'PLAYER' ? (input.memberId ?? principal.memberId) : (input.memberId ?? null);
    if (principal.role === 'PLAYER' && memberId !== principal.memberId) {
      throw new ForbiddenError('A player may only create characters of their own');
    }
    if (memberId !== null && !(await this.members.findInCampaign(input.campaignId, memberId))) {
      throw new NotFoundError('Member', memberId);
    }
    const id = randomUUID();
    const result = await this.play(principal, input.campaignId, rule, { characterId: id }, {
      newCharacter: { id, memberId, name: input.name },
      authority: { action: 'tenthRealmCreateCharacter', input },
    });
    return { ...result, character: result.characters.get(id)! };
  }

  // ---- reads --------------------------------------------------------------------------------

  async campaignState(principal: Principal, campaignId: string): Promise<TenthRealmCampaignState | null> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    return (await this.repository.findCampaignState(campaignId)) ?? null;
  }

  async activeCombat(principal: Principal, campaignId: string): Promise<EncounterRecord | null> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    return (await this.repository.findActiveCombat(campaignId)) ?? null;
  }

  /**
   * The odds of a trial roll before it is made (rules/tenth-realm/odds.ts), from the asker's view
   * alone: a player sees their own characters' hands, the GM every hand; the draw pile's order
   * never. Reads the table without writing or drawing; refused as the roll would be.
   */
  async trialOdds(principal: Principal, input: TrialInput): Promise<TrialOdds> {
    const character = await this.ownCharacter(principal, input.characterId);
    const gm = isGameMaster(principal, character.campaignId);
    const answer = await this.runner.read(principal, character.campaignId, this.tables, { combat: 'NONE' }, ({ state, rows }) => {
      const viewerIds = rows.rows.filter((row) => gm || row.memberId === principal.memberId).map((row) => row.id);
      return tenthRealmTrialOdds(tenthRealmOddsView(state, viewerIds), input);
    });
    if (!answer.ok) throw new RuleViolationError(answer.violation);
    return answer.odds;
  }
}
