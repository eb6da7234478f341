import { Injectable } from '@nestjs/common';
import { batchedRead } from '../../infra/request-context.js';
import { Sql, statement } from '../../infra/sql.js';
import { Transactions } from '../../infra/transactions.js';
import { EncountersRepository, type EncounterRecord } from '../../modules/encounters/encounters.repository.js';
import type { CreatureCard } from '../../rules/ytterdorren/creatures.js';
import type { YtterdorrenEncounter } from '../../rules/ytterdorren/state.js';

export const YTTERDORREN = 'ytterdorren';
export const SKIRMISH_KIND = 'ytterdorren.skirmish';
export const ENCOUNTER_KIND = 'ytterdorren.encounter';
const KINDS: readonly string[] = [SKIRMISH_KIND, ENCOUNTER_KIND];

/** The `encounters.status` of a fight under way (the platform's convention); an ended one stores its outcome. */
export const ROW_ACTIVE = 'ACTIVE';

/** What a Ytterdörren campaign keeps in `campaigns.ruleset_state`: the creature cards it plays with. */
export interface YtterdorrenCampaignState {
  creatures: CreatureCard[];
}

/** A campaign's `ruleset_state` as Ytterdörren keeps it, or undefined until it is set up. */
export function ytterdorrenStateOf(stored: unknown): YtterdorrenCampaignState | undefined {
  const state = stored as Partial<YtterdorrenCampaignState> | null;
  return Array.isArray(state?.creatures) ? (state as YtterdorrenCampaignState) : undefined;
}

/** A skirmish or an encounter of Ytterdörren, as stored: the rule's state in the row's `state`. */
export type FightRecord = EncounterRecord<YtterdorrenEncounter>;

/** Whether a stored encounter is one of Ytterdörren's. */
export const isFight = (record: EncounterRecord | undefined): record is FightRecord => record !== undefined && KINDS.includes(record.kind);

interface FightRow {
  id: string;
  campaign_id: string;
  kind: string;
  status: string;
  state: YtterdorrenEncounter;
  created_at: Date;
}

// A move's read (Sql: the moves' hot path); the (campaign_id, status) index finds them.
const ACTIVE_FIGHTS = statement(
  'ytterdorren.active-fights',
  `SELECT id::text, campaign_id::text, kind, status, state, created_at FROM encounters
   WHERE campaign_id = $1::uuid AND status = '${ROW_ACTIVE}' AND kind IN ('${SKIRMISH_KIND}', '${ENCOUNTER_KIND}') ORDER BY created_at, id`,
);

/** Ytterdörren's own reads: the campaign's creature cards, its skirmishes and its encounters. */
@Injectable()
export class YtterdorrenRepository {
  constructor(
    private readonly db: Transactions,
    private readonly sql: Sql,
    private readonly encounters: EncountersRepository,
  ) {}

  /** Batched within a request (batchedRead): a list of campaigns reads once. */
  findCampaignState(campaignId: string): Promise<YtterdorrenCampaignState | undefined> {
    return batchedRead('ytterdorren state by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.tx.campaign.findMany({ where: { id: { in: [...campaignIds] }, ruleset: YTTERDORREN }, select: { id: true, rulesetState: true } });
      const states = new Map<string, YtterdorrenCampaignState>();
      for (const row of rows) {
        const state = ytterdorrenStateOf(row.rulesetState);
        if (state) states.set(row.id, state);
      }
      return states;
    });
  }

  /** A skirmish or an encounter of Ytterdörren by id; undefined for any other kind. */
  async findFight(id: string): Promise<FightRecord | undefined> {
    const stored = await this.encounters.findById<YtterdorrenEncounter>(id);
    return isFight(stored) ? stored : undefined;
  }

  /** The campaign an encounter belongs to (whatever its kind), for access checks. */
  findFightCampaignId(id: string): Promise<string | undefined> {
    return this.encounters.findCampaignId(id);
  }

  /** Every skirmish and encounter of the campaign under way: a running skirmish locks weapons and trades. */
  async listActiveFights(campaignId: string): Promise<FightRecord[]> {
    const rows = await this.sql.query<FightRow>(ACTIVE_FIGHTS, [campaignId]);
    return rows.map((row) => ({ id: row.id, campaignId: row.campaign_id, kind: row.kind, status: row.status, state: row.state, createdAt: row.created_at }));
  }
}
