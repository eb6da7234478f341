import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { BadUserInputError, ForbiddenError, NotFoundError, RuleViolationError } from '../../common/errors.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import { CharactersRepository } from '../../modules/characters/characters.repository.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import { AUTHORITY } from '../../rules/enchanted-realms-d20/authority.js';
import { MAX_COMBATANTS } from '../../rules/enchanted-realms-d20/combat.js';
import type { AttackInput } from '../../rules/enchanted-realms-d20/attack.js';
import { createCombatant } from '../../rules/enchanted-realms-d20/combatant.js';
import { enchantedRealmsD20AttackOdds, type AttackOdds } from '../../rules/enchanted-realms-d20/odds.js';
import type { Combatant, D20State } from '../../rules/enchanted-realms-d20/state.js';
import type { Rule } from '../../rules/kernel/outcome.js';
import { Rulesets } from '../kernel/rulesets.js';
import { TableRunner } from '../kernel/table-runner.js';
import { EnchantedRealmsD20CombatantFields } from './enchanted-realms-d20.inputs.js';
import type { EnchantedRealmsD20Campaign, EnchantedRealmsD20Combat, EnchantedRealmsD20Combatant } from './enchanted-realms-d20.model.js';
import { ENCHANTED_REALMS_D20, EnchantedRealmsD20Repository, type D20CampaignState } from './enchanted-realms-d20.repository.js';
import { EnchantedRealmsD20Tables } from './enchanted-realms-d20.tables.js';
import { campaignView, combatantView, combatView } from './enchanted-realms-d20.views.js';
import { firstProblem } from '../../common/validation.pipe.js';

/** The fields of a foe in `settings.combatants`: a combatant's, without a character. */
const FOE_FIELDS: ReadonlySet<string> = new Set(['name', 'defense', 'armorWorn', 'armorValue', 'skills', 'immunities']);

/** A foe the campaign starts with, as `settings.combatants` gives it once checked. */
export type FoeSetting = Pick<EnchantedRealmsD20CombatantFields, 'name' | 'defense' | 'armorWorn' | 'skills' | 'immunities'> & { armorValue: number | null };

/** A combatant found for a caller: the campaign it fights in and that campaign's combatants. */
export interface CombatantInReach {
  campaignId: string;
  combatant: Combatant;
  state: D20CampaignState;
}

/** What a move answers besides its rule's result: the table after it and its first event's seq. */
export interface Played {
  eventSeq: number;
  after: D20State;
}

/**
 * Runs the Enchanted Realms d20 rules against a campaign (enchanted-realms-d20.md): registers the
 * ruleset, checks and applies its settings, finds combatants and combats for a caller (another
 * campaign's are NOT_FOUND), and plays one rule in one move.
 */
@Injectable()
export class EnchantedRealmsD20Service implements OnModuleInit {
  constructor(
    private readonly repository: EnchantedRealmsD20Repository,
    private readonly characters: CharactersRepository,
    private readonly runner: TableRunner,
    private readonly tables: EnchantedRealmsD20Tables,
    private readonly rulesets: Rulesets,
  ) {}

  onModuleInit(): void {
    this.rulesets.register({
      id: ENCHANTED_REALMS_D20,
      name: 'Enchanted Realms (d20 edition)',
      description: 'd20 pools with natural 20 and 1, exploding melee crits, the d100 crit-effect table, and conditions with durations.',
      authority: AUTHORITY,
      settingKeys: ['combatants'],
      settings: (given) => this.settings(given),
      setUpCampaign: (action, settings) => this.setUpCampaign(action, settings),
    });
  }

  /**
   * Campaign settings: `combatants`, the foes the campaign starts with (up to 100), each with the
   * fields of `enchantedRealmsD20CreateCombatant` but a character. A bad foe refuses the campaign
   * with BAD_USER_INPUT naming its field (`settings.combatants[2].defense`) and the foe.
   */
  settings(given: Record<string, unknown>): Record<string, unknown> {
    if (given.combatants === undefined || given.combatants === null) return given;
    const field = 'settings.combatants';
    if (!Array.isArray(given.combatants) || given.combatants.length > MAX_COMBATANTS) {
      throw new BadUserInputError(`${field} must be a list of at most ${MAX_COMBATANTS} foes`, field);
    }
    const foes = given.combatants.map((foe: unknown, index): FoeSetting => {
      const at = `${field}[${index}]`;
      if (typeof foe !== 'object' || foe === null || Array.isArray(foe)) throw new BadUserInputError(`${at} must be a foe: { name, defense, armorWorn, skills, … }`, at, { index });
      const name = typeof (foe as { name?: unknown }).name === 'string' ? (foe as { name: string }).name : null;
      const unknown = Object.keys(foe).find((key) => !FOE_FIELDS.has(key));
      if (unknown !== undefined) {
        throw new BadUserInputError(`${at}.${unknown} is not a field of a foe: ${[...FOE_FIELDS].join(', ')}`, `${at}.${unknown}`, { index, name });
      }
      const checked = plainToInstance(EnchantedRealmsD20CombatantFields, { immunities: [], ...foe });
      const problem = firstProblem(validateSync(checked), at);
      if (problem) throw new BadUserInputError(`${problem.field}${name === null ? '' : ` ('${name}')`}: ${problem.message}`, problem.field, { index, name });
      return { name: checked.name, defense: checked.defense, armorWorn: checked.armorWorn, armorValue: checked.armorValue ?? null, skills: checked.skills, immunities: checked.immunities };
    });
    return { ...given, combatants: foes };
  }

  /** A new campaign has no combat and the foes of its settings, each created as by enchantedRealmsD20CreateCombatant. */
  private setUpCampaign(action: CampaignAction, settings: Record<string, unknown>): void {
    let state: D20State = { combatants: {}, encounters: {} };
    for (const foe of (settings.combatants as FoeSetting[] | undefined) ?? []) {
      const outcome = createCombatant(state, { ...foe, campaignId: action.campaign.id, combatantId: randomUUID(), characterId: null }, action.rng);
      // settings() checked every field the rule checks: a refusal here is a bug, and refuses the campaign.
      if (!outcome.ok) throw new RuleViolationError(outcome.violation);
      for (const event of outcome.events) action.record(event.type, event.payload);
      state = outcome.state;
    }
    const campaignState: D20CampaignState = { combatants: state.combatants };
    action.changes.saveRulesetState(campaignState);
  }

  // ---- access -------------------------------------------------------------------------------

  /** The campaign's d20 state, for a member of it: NOT_FOUND for another, BAD_USER_INPUT for a campaign of another ruleset. */
  async campaignInReach(principal: Principal, campaignId: string): Promise<D20CampaignState> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    const campaign = await this.repository.findCampaign(campaignId);
    if (!campaign) throw new NotFoundError('Campaign', campaignId);
    if (!campaign.state) throw new BadUserInputError('This campaign is not played by Enchanted Realms (d20 edition)', 'campaignId');
    return campaign.state;
  }

  /** A combatant of the caller's campaign (any campaign for the ADMIN), or NOT_FOUND. */
  async combatantInReach(principal: Principal, combatantId: string): Promise<CombatantInReach> {
    const campaignId = principal.role === 'ADMIN' ? await this.repository.findCampaignOfCombatant(combatantId) : principal.campaignId;
    const state = campaignId === undefined ? undefined : (await this.repository.findCampaign(campaignId))?.state;
    const combatant = state && Object.hasOwn(state.combatants, combatantId) ? state.combatants[combatantId] : undefined;
    if (!combatant) throw new NotFoundError('Combatant', combatantId);
    return { campaignId: campaignId!, combatant, state: state! };
  }

  /** Every named combatant is one of the campaign's, or NOT_FOUND. */
  requireCombatantsOf(state: D20CampaignState, combatantIds: readonly string[]): void {
    const missing = combatantIds.find((id) => !Object.hasOwn(state.combatants, id));
    if (missing !== undefined) throw new NotFoundError('Combatant', missing);
  }

  /** The campaign of a combat the caller can see, or NOT_FOUND. */
  async combatCampaign(principal: Principal, encounterId: string): Promise<string> {
    const campaignId = await this.repository.findCombatCampaignId(encounterId);
    if (!campaignId || (principal.role !== 'ADMIN' && principal.campaignId !== campaignId)) throw new NotFoundError('Combat', encounterId);
    return campaignId;
  }

  /**
   * Who acts for a combatant (authority.ts, ACTING_PLAYER): the player of its character, or the GM;
   * a foe has no player, so the GM alone.
   */
  async requireActingFor(principal: Principal, campaignId: string, combatant: Combatant, action: string): Promise<void> {
    if (isGameMaster(principal, campaignId)) return;
    if (combatant.characterId === null) throw new ForbiddenError(`${combatant.name} is a foe: only the GM ${action} for it`);
    const owner = await this.characters.findOwner(combatant.characterId);
    if (owner?.memberId !== principal.memberId) throw new ForbiddenError(`A player ${action} only for the combatant of their own character`);
  }

  /** Inputs the GM decides (authority.ts): a player who sets one is refused, naming it. */
  requireGmFor(principal: Principal, campaignId: string, set: Record<string, boolean>): void {
    if (isGameMaster(principal, campaignId)) return;
    const named = Object.entries(set).filter(([, given]) => given).map(([field]) => field);
    if (named.length > 0) throw new ForbiddenError(`Only the GM decides ${named.join(' and ')}: leave ${named.length === 1 ? 'it' : 'them'} out`);
  }

  // ---- playing a rule -----------------------------------------------------------------------

  /** Applies one rule to the campaign's table, in one move, and stores the outcome. */
  async play<I, R extends object>(
    principal: Principal,
    campaignId: string,
    rule: Rule<D20State, I, R>,
    input: I,
    encounterId: string | null = null,
  ): Promise<R & Played> {
    const { result, after, eventSeq } = await this.runner.play(principal, campaignId, this.tables, { encounterId }, rule, input);
    return { ...result, eventSeq, after };
  }

  /**
   * The odds of an attack before it is rolled (rules/enchanted-realms-d20/odds.ts): the same pool,
   * Defense and immunities the attack would roll with, read without writing or drawing. Every
   * combatant is on the table for all, so the asker's view is the whole table.
   */
  async attackOdds(principal: Principal, campaignId: string, input: AttackInput): Promise<AttackOdds> {
    const answer = await this.runner.read(principal, campaignId, this.tables, { encounterId: null }, ({ state }) => enchantedRealmsD20AttackOdds(state, input));
    if (!answer.ok) throw new RuleViolationError(answer.violation);
    return answer.odds;
  }

  // ---- reads --------------------------------------------------------------------------------

  /** The campaign's combatants and combats; null for a campaign of another ruleset. */
  async campaign(principal: Principal, campaignId: string): Promise<EnchantedRealmsD20Campaign | null> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    const state = (await this.repository.findCampaign(campaignId))?.state;
    if (!state) return null;
    return campaignView(campaignId, state, await this.repository.listCombats(campaignId));
  }

  async combat(principal: Principal, encounterId: string): Promise<EnchantedRealmsD20Combat> {
    const campaignId = await this.combatCampaign(principal, encounterId);
    const [record, campaign] = await Promise.all([this.repository.findCombat(encounterId), this.repository.findCampaign(campaignId)]);
    if (!record || !campaign?.state) throw new NotFoundError('Combat', encounterId);
    return combatView(campaignId, record.combat, campaign.state.combatants);
  }

  /** The combatant a character fights as, or null. */
  async characterCombatant(principal: Principal, character: { id: string; campaignId: string }): Promise<EnchantedRealmsD20Combatant | null> {
    requireCampaignRole(principal, character.campaignId, 'PLAYER');
    const state = (await this.repository.findCampaign(character.campaignId))?.state;
    const combatant = state && Object.values(state.combatants).find((candidate) => candidate.characterId === character.id);
    return combatant ? combatantView(character.campaignId, combatant) : null;
  }
}
