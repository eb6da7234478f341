import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BadUserInputError, ForbiddenError, NotFoundError, RuleViolationError } from '../../common/errors.js';
import { STANDARD_52 } from '../../rules/cards/presets.js';
import type { Rng } from '../../rules/random/random-stream.js';
import { DEFAULT_INVENTORY_SLOTS, NO_PENDING, type TenthRealmSheet } from '../../rules/tenth-realm/sheet.js';
import type { RuleOutcome, TenthRealmState } from '../../rules/tenth-realm/table.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import { MembersRepository } from '../../modules/campaigns/members.repository.js';
import { CharactersRepository, type CharacterOwner, type CharacterRecord } from '../../modules/characters/characters.repository.js';
import { DecksRepository } from '../../modules/decks/decks.repository.js';
import { DecksService } from '../../modules/decks/decks.service.js';
import { GameLedger, type CampaignAction } from '../../modules/events/game-ledger.service.js';
import { sameData, withProps } from '../../rules/plain-data.js';
import { RulesetHooks } from '../ruleset-hooks.js';
import { COMBAT_KIND, TenthRealmRepository, tenthRealmStateOf, type EncounterRecord, type TenthRealmCampaignState } from './tenth-realm.repository.js';

export const TENTH_REALM = 'tenth-realm';
/** The key of a character's sheet under which the Tenth Realm keeps its own. */
const SHEET_KEY = 'tenthRealm';
export const MIN_INVENTORY_SLOTS = 1;
export const MAX_INVENTORY_SLOTS = 30;

export type Rule<I, R> = (state: TenthRealmState, input: I, rng: Rng) => RuleOutcome<R>;

/** Which combat a rule sees: the one named, the one under way (if any), or none. */
type CombatScope = { encounterId: string } | 'ACTIVE' | 'NONE';

/** The character's Tenth Realm sheet, with flags added since it was stored at their defaults. */
export function sheetOf(character: Pick<CharacterRecord, 'sheet'>): TenthRealmSheet | null {
  const sheet = character.sheet?.[SHEET_KEY] as TenthRealmSheet | undefined;
  return sheet ? withProps(sheet, { pending: withProps(NO_PENDING, sheet.pending) }) : null;
}

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
    private readonly decks: DecksRepository,
    private readonly deckService: DecksService,
    private readonly ledger: GameLedger,
    private readonly hooks: RulesetHooks,
  ) {}

  onModuleInit(): void {
    this.hooks.register(TENTH_REALM, {
      settings: (given) => this.settings(given),
      setUpCampaign: (action) => this.setUpCampaign(action),
    });
  }

  /** Campaign settings: `inventorySlots` (tenth-realm.md, Character creation step 4). */
  private settings(given: Record<string, unknown>): Record<string, unknown> {
    const slots = given.inventorySlots ?? DEFAULT_INVENTORY_SLOTS;
    if (!Number.isInteger(slots) || (slots as number) < MIN_INVENTORY_SLOTS || (slots as number) > MAX_INVENTORY_SLOTS) {
      throw new BadUserInputError(
        `settings.inventorySlots must be an integer from ${MIN_INVENTORY_SLOTS} to ${MAX_INVENTORY_SLOTS}`,
        'settings.inventorySlots',
      );
    }
    return withProps(given, { inventorySlots: slots });
  }

  /** A new campaign gets its shared standard-52 deck and an empty map. */
  private async setUpCampaign(action: CampaignAction): Promise<void> {
    const deck = await this.deckService.addDeck(action, 'The deck', STANDARD_52, 'standard-52');
    await this.repository.saveCampaignState(action.campaign.id, {
      deckId: deck.id,
      world: { session: 1, currentHex: null, regions: {} },
    });
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

  /**
   * Applies one rule to the campaign's table and stores the outcome. `newCharacter` names a
   * character the rule creates: its row is inserted with the rule's sheet.
   */
  async play<I, R extends object>(
    principal: Principal,
    campaignId: string,
    rule: Rule<I, R>,
    input: I,
    options: { combat?: CombatScope; newCharacter?: Omit<CharacterRecord, 'sheet' | 'createdAt'> } = {},
  ): Promise<R & { eventSeq: number; characters: Map<string, PlayedCharacter>; encounter: EncounterRecord | null }> {
    const scope = options.combat ?? 'NONE';
    // Read with the campaign's lock, in its round trip (GameLedger.act): after the lock, so they
    // see what the previous holder committed.
    const prefetch = () =>
      Promise.all([this.decks.findRulesetTable(campaignId, TENTH_REALM), this.characters.listByCampaign(campaignId), this.readCombat(campaignId, scope)]);
    return this.ledger.act(principal, campaignId, async (action, [table, rows, encounter]) => {
      const campaignState = tenthRealmStateOf(table?.rulesetState);
      const deck = table?.deck;
      if (!campaignState) throw new BadUserInputError('This campaign is not played by the Tenth Realm', 'campaignId');
      if (!deck) throw new Error(`the Tenth Realm deck of campaign ${campaignId} is missing`);
      if (typeof scope === 'object' && encounter?.campaignId !== campaignId) throw new NotFoundError('Encounter', scope.encounterId);

      const before: TenthRealmState = {
        piles: deck.piles,
        characters: Object.fromEntries(rows.flatMap((row) => (sheetOf(row) ? [[row.id, sheetOf(row)!]] : []))),
        world: campaignState.world,
        combat: encounter?.combat ?? null,
        settings: { inventorySlots: Number(action.campaign.settings.inventorySlots ?? DEFAULT_INVENTORY_SLOTS) },
      };
      const outcome = rule(before, input, action.rng);
      if (!outcome.ok) throw new RuleViolationError(outcome.violation);
      const after = outcome.state;

      if (!sameData(before.piles, after.piles)) await this.decks.savePiles(deck.id, after.piles);
      if (!sameData(before.world, after.world)) await this.repository.saveCampaignState(campaignId, withProps(campaignState, { world: after.world }));
      if (after.combat && !sameData(before.combat, after.combat)) await this.repository.saveCombat(campaignId, after.combat);

      const tenthRealmSession = after.world.session;
      const characters = new Map<string, PlayedCharacter>(rows.map((row) => [row.id, withProps(row, { tenthRealmSession })]));
      if (options.newCharacter) {
        const sheet = { [SHEET_KEY]: after.characters[options.newCharacter.id] };
        characters.set(options.newCharacter.id, withProps(await this.characters.insert(withProps(options.newCharacter, { sheet })), { tenthRealmSession }));
      }
      for (const row of rows) {
        const sheet = after.characters[row.id];
        if (sheet && !sameData(before.characters[row.id], sheet)) {
          const updated = withProps(row.sheet, { [SHEET_KEY]: sheet });
          await this.characters.updateSheet(row.id, updated);
          characters.set(row.id, withProps(row, { sheet: updated, tenthRealmSession }));
        }
      }

      const eventSeq = action.record(outcome.event.type, outcome.event.payload);
      const savedEncounter = after.combat
        ? { id: after.combat.id, campaignId, kind: encounter?.kind ?? COMBAT_KIND, status: after.combat.status, combat: after.combat, createdAt: encounter?.createdAt ?? new Date() }
        : null;
      // The rule's result R, with what the move adds (withProps types its copy for a known R only).
      return withProps(outcome.result, { eventSeq, characters, encounter: savedEncounter }) as R & { eventSeq: number; characters: Map<string, PlayedCharacter>; encounter: EncounterRecord | null };
    }, prefetch);
  }

  /** The combat a rule plays in: none, the campaign's active one, or the encounter named (checked by the caller). */
  private async readCombat(campaignId: string, scope: CombatScope): Promise<EncounterRecord | undefined> {
    if (scope === 'NONE') return undefined;
    if (scope === 'ACTIVE') return this.repository.findActiveCombat(campaignId);
    return this.repository.findEncounter(scope.encounterId);
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
      newCharacter: { id, campaignId: input.campaignId, memberId, name: input.name },
    });
    return withProps(result, { character: result.characters.get(id)! });
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

}
