import { Injectable } from '@nestjs/common';
import { RuleViolationError } from '../../common/errors.js';
import type { Principal } from '../../modules/auth/principal.js';
import { GameLedger, type CampaignAction } from '../../modules/events/game-ledger.service.js';
import type { Rule } from '../../rules/kernel/outcome.js';

/** A table as a store read it: what the rule sees, and the rows it came from. */
export interface LoadedTable<S, Rows> {
  state: S;
  rows: Rows;
}

/**
 * How a ruleset's table is read from a campaign and written back: each ruleset has one. `load`
 * reads what the rule sees (after the ledger read the campaign, so it sees what the campaign's
 * version says); `save` queues on `action.changes` what the rule changed.
 */
export interface TableStore<S, Rows, Scope = void> {
  load(action: CampaignAction, scope: Scope): Promise<LoadedTable<S, Rows>>;
  save(action: CampaignAction, loaded: LoadedTable<S, Rows>, after: S): void;
  /** The member who plays a character, to whom an event's secret about it is shown (null: the GM alone). */
  playerOf(loaded: LoadedTable<S, Rows>, characterId: string): string | null;
}

/** A rule played on a campaign: its result, the table before and after it, and its first event's seq. */
export interface PlayedRule<S, Rows, R> {
  result: R;
  loaded: LoadedTable<S, Rows>;
  after: S;
  eventSeq: number;
}

/**
 * The one way every ruleset plays its rules: in a move of the campaign (GameLedger), load the
 * table, apply the pure rule on the campaign's random stream, refuse with RULE_VIOLATION and
 * nothing written, or queue what changed and append the rule's events.
 */
@Injectable()
export class TableRunner {
  constructor(private readonly ledger: GameLedger) {}

  play<S, Rows, I, R, Scope = void>(
    principal: Principal,
    campaignId: string,
    store: TableStore<S, Rows, Scope>,
    scope: Scope,
    rule: Rule<S, I, R>,
    input: I,
  ): Promise<PlayedRule<S, Rows, R>> {
    return this.ledger.act(principal, campaignId, (action) => this.playIn(action, store, scope, rule, input));
  }

  /**
   * Reads the table without playing on it (an odds query): loaded as a rule would see it, given
   * to `look`, and nothing written, recorded or drawn (GameLedger.read).
   */
  read<S, Rows, R, Scope = void>(
    principal: Principal,
    campaignId: string,
    store: TableStore<S, Rows, Scope>,
    scope: Scope,
    look: (loaded: LoadedTable<S, Rows>) => R,
  ): Promise<R> {
    return this.ledger.read(principal, campaignId, async (action) => look(await store.load(action, scope)));
  }

  /** Plays a rule within a move already under way (a campaign's set-up). */
  async playIn<S, Rows, I, R, Scope>(
    action: CampaignAction,
    store: TableStore<S, Rows, Scope>,
    scope: Scope,
    rule: Rule<S, I, R>,
    input: I,
  ): Promise<PlayedRule<S, Rows, R>> {
    const loaded = await store.load(action, scope);
    const outcome = rule(loaded.state, input, action.rng);
    if (!outcome.ok) throw new RuleViolationError(outcome.violation);
    store.save(action, loaded, outcome.state);
    const seqs = outcome.events.map((event) =>
      action.record(
        event.type,
        event.payload,
        event.secret === undefined
          ? {}
          : { secret: event.secret, secretFor: event.secretFor ? store.playerOf(loaded, event.secretFor) : null },
      ),
    );
    return { result: outcome.result, loaded, after: outcome.state, eventSeq: seqs[0] ?? action.campaign.lastEventSeq };
  }
}
