import type { DbChecks } from '../../helpers/db-checks.js';
import type { Viewer } from './world.js';

/** Ids and names as they appear in text: a card id like `5H`, `hero-erik-1` or `CANARY-t0-007`. */
const TOKEN = /[A-Za-z0-9][\w-]*/g;

export function tokensOf(text: string): Set<string> {
  return new Set(text.match(TOKEN) ?? []);
}

/** Every string of a JSON value (the request's variables: what the caller itself sent). */
export function stringsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsOf(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => stringsOf(item, into));
  return into;
}

/** Card ids in the order a text shows them, each with its deck when the text says. */
type Sequence = Array<{ id: string; deckId?: string }>;

/**
 * The sequences of card ids a JSON value shows in order: each array's strings, or its objects'
 * `id`/`code`/`cardId` (with their `deckId`, or that of the object holding the array); and the
 * words of each string (a message listing cards).
 */
function sequencesOf(value: unknown, into: Sequence[] = [], deckId?: string): Sequence[] {
  if (typeof value === 'string') {
    if (value.length > 8) into.push((value.match(TOKEN) ?? []).map((id) => ({ id })));
  } else if (Array.isArray(value)) {
    into.push(
      value.flatMap((item) => {
        if (typeof item === 'string') return [{ id: item, deckId }];
        if (!item || typeof item !== 'object') return [];
        const record = item as Record<string, unknown>;
        const id = record.id ?? record.code ?? record.cardId;
        return typeof id === 'string' ? [{ id, deckId: typeof record.deckId === 'string' ? record.deckId : deckId }] : [];
      }),
    );
    value.forEach((item) => sequencesOf(item, into, deckId));
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const own = typeof record.deckId === 'string' ? record.deckId : deckId;
    Object.values(record).forEach((item) => sequencesOf(item, into, own));
  }
  return into;
}

const tripleKey = (a: string, b: string, c: string) => `${a}\u0000${b}\u0000${c}`;

/** Three cards in a row → the deck they are shown as part of (undefined when the text does not say). */
function triplesOf(sequences: Sequence[]): Map<string, string | undefined> {
  const triples = new Map<string, string | undefined>();
  for (const sequence of sequences) {
    for (let i = 0; i + 2 < sequence.length; i++) {
      const [a, b, c] = sequence.slice(i, i + 3);
      const decks = new Set([a.deckId, b.deckId, c.deckId].filter((deck) => deck !== undefined));
      // Cards of different decks side by side (a hand over several decks) are no pile's order.
      if (decks.size > 1) continue;
      triples.set(tripleKey(a.id, b.id, c.id), [...decks][0]);
    }
  }
  return triples;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A campaign's hidden cards, who may see each hand, and what its log told whom. */
interface CampaignSecrets {
  campaignId: string;
  /** Hands by holder: a character's (its member id; null for an NPC, the GM's) or the Lead Player's ('lead', the GM's). */
  hands: Array<{ holder: string; owner: string | null; cardIds: string[] }>;
  /** Card ids and names of the canary decks (unique in the whole database). */
  canaryNames: Map<string, string>;
  /** Tokens of the log's public payloads, and of its secrets by the member they are for (null: the GM only). */
  publicTokens: Set<string>;
  secretTokens: Map<string | null, Set<string>>;
  /** Triples of cards in the order a secret listed them, by whom the secret is for. */
  secretTriples: Map<string | null, Set<string>>;
  lastSeq: number;
}

export interface Finding {
  what: string;
  viewer: string;
  where: string;
}

function describeViewer(viewer: Viewer): string {
  if (viewer.kind === 'admin') return 'ADMIN';
  if (viewer.kind === 'nobody') return 'no valid key';
  return `${viewer.role} ${viewer.memberId.slice(0, 8)} of ${viewer.campaignId.slice(0, 8)}`;
}

/**
 * Reads the database after each change (hands, draw piles, seeds, the log) and checks each text
 * the server produced for what its viewer must not see:
 * - the canary cards (ids and names found nowhere else) of a hand the viewer may not look at
 *   (another player's, an NPC's, the Lead Player's), unless the log told the viewer about that
 *   card (a public payload, or a secret for them). Other decks' ids (`5H`, `hero-erik-1`) are
 *   public through the presets, so only the canary decks can show a leak by their ids;
 * - three cards in a row of any draw pile, in that order (the GM included) — unless a secret the
 *   viewer may read listed them so (cards the viewer put there), or they may be shown so for
 *   another reason: a log showed them so before that pile lay so, or as another deck's cards, or
 *   another deck with the same card ids has all three out of its pile (standard decks share ids:
 *   a deck's reveal may match another's pile by chance). A text that names the deck (`deckId`) is
 *   held to that deck only;
 * - any campaign's current seed (hex, base64 or as bytes), for anyone.
 * Ids the caller sent in its own request are not held against it.
 */
export class HiddenInformation {
  private campaigns = new Map<string, CampaignSecrets>();
  private currentSeeds = new Set<string>();
  /** Three cards in a row of a draw pile → the decks whose pile has them so. */
  private pileTriples = new Map<string, string[]>();
  /** How many times the database was read: refreshes are numbered from 1. */
  private generation = 0;
  /** Deck and triple → the refresh that first found the triple in the deck's draw pile. */
  private pileTripleSince = new Map<string, number>();
  /**
   * Triples of cards in the order any public payload listed them → the refresh that first read
   * such an event, and the decks whose cards the events may have shown: those of the event's
   * campaign that had all three out of their draw pile when it was read (the deck that revealed
   * them). Shown before a pile came to lie so, they are a chance repeat (cards shown face up,
   * shuffled back since), not a leak; shown by the events of the very refresh that found the pile
   * so, they may be one — unless they were another deck's cards.
   */
  private publicTriples = new Map<string, { since: number; decks: Set<string> }>();
  /**
   * Deck → its cards out of its draw pile (discarded, held, on the table). Decks of the same
   * preset share card ids: three cards a deck just revealed may lie, by chance, in that order in
   * another deck's pile.
   */
  private outOfPile = new Map<string, Set<string>>();
  readonly findings: Finding[] = [];
  readonly scanned = { texts: 0, bytes: 0, markersChecked: 0, sightings: new Map<string, number>() };

  constructor(
    private readonly db: DbChecks,
    private readonly campaignIds: () => string[],
  ) {}

  /** The seeds that are secret now (hex), for the log checks. */
  seeds(): Set<string> {
    return new Set(this.currentSeeds);
  }

  async refresh(): Promise<void> {
    const ids = this.campaignIds();
    const seeds = await this.db.query<{ seed: string }>(`SELECT encode(rng_seed, 'hex') AS seed FROM campaigns`);
    this.currentSeeds = new Set(seeds.map((row) => row.seed));
    const decks = await this.db.query<{ id: string; campaign_id: string; cards: Array<{ id: string; name?: string }>; draw_pile: string[]; hands: Record<string, string[]> }>(
      'SELECT id, campaign_id, cards, draw_pile, hands FROM decks WHERE campaign_id = ANY($1)',
      [ids],
    );
    const characters = await this.db.query<{ id: string; campaign_id: string; member_id: string | null }>(
      'SELECT id, campaign_id, member_id FROM characters WHERE campaign_id = ANY($1)',
      [ids],
    );
    const owners = new Map(characters.map((row) => [row.id, row.member_id]));
    this.pileTriples = new Map();
    this.outOfPile = new Map();
    const pileTripleSince = new Map<string, number>();
    this.generation++;
    for (const id of ids) {
      const previous = this.campaigns.get(id);
      const secrets: CampaignSecrets = previous ?? {
        campaignId: id,
        hands: [],
        canaryNames: new Map(),
        publicTokens: new Set(),
        secretTokens: new Map(),
        secretTriples: new Map(),
        lastSeq: 0,
      };
      secrets.hands = [];
      const campaignDecks = decks.filter((row) => row.campaign_id === id);
      for (const deck of campaignDecks) {
        for (const card of deck.cards) if (card.id.startsWith('CANARY-') && card.name) secrets.canaryNames.set(card.id, card.name);
        for (const [holder, cardIds] of Object.entries(deck.hands)) {
          if (holder.startsWith('table:') || cardIds.length === 0) continue; // in front of a character: face up
          secrets.hands.push({ holder, owner: holder === 'lead' ? null : (owners.get(holder) ?? null), cardIds });
        }
        const inPile = new Set(deck.draw_pile);
        this.outOfPile.set(deck.id, new Set(deck.cards.map((card) => card.id).filter((cardId) => !inPile.has(cardId))));
        // Three cards that lie in the order the deck lists them tell nothing: that order is public (the presets).
        const listed = triplesOf([deck.cards.map((card) => ({ id: card.id }))]);
        for (let i = 0; i + 2 < deck.draw_pile.length; i++) {
          const triple = tripleKey(deck.draw_pile[i], deck.draw_pile[i + 1], deck.draw_pile[i + 2]);
          if (listed.has(triple)) continue;
          this.pileTriples.set(triple, [...(this.pileTriples.get(triple) ?? []), deck.id]);
          const key = `${deck.id}\u0000${triple}`;
          pileTripleSince.set(key, this.pileTripleSince.get(key) ?? this.generation);
        }
      }
      const events = await this.db.query<{ seq: number; payload: unknown; secret: unknown; secret_for: string | null }>(
        'SELECT seq, payload, secret, secret_for FROM game_events WHERE campaign_id = $1 AND seq > $2 ORDER BY seq',
        [id, secrets.lastSeq],
      );
      for (const event of events) {
        for (const token of tokensOf(JSON.stringify(event.payload))) secrets.publicTokens.add(token);
        for (const triple of triplesOf(sequencesOf(event.payload)).keys()) {
          const shown = this.publicTriples.get(triple) ?? { since: this.generation, decks: new Set<string>() };
          const cards = triple.split('\u0000');
          for (const deck of campaignDecks) if (cards.every((cardId) => this.outOfPile.get(deck.id)?.has(cardId))) shown.decks.add(deck.id);
          this.publicTriples.set(triple, shown);
        }
        if (event.secret !== null) {
          const tokens = secrets.secretTokens.get(event.secret_for) ?? new Set<string>();
          for (const token of tokensOf(JSON.stringify(event.secret))) tokens.add(token);
          secrets.secretTokens.set(event.secret_for, tokens);
          const triples = secrets.secretTriples.get(event.secret_for) ?? new Set<string>();
          for (const triple of triplesOf(sequencesOf(event.secret)).keys()) triples.add(triple);
          secrets.secretTriples.set(event.secret_for, triples);
        }
        secrets.lastSeq = event.seq;
      }
      this.campaigns.set(id, secrets);
    }
    this.pileTripleSince = pileTripleSince;
  }

  /**
   * Whether three cards that lie so in the deck's draw pile may be shown for another reason than
   * that pile: a log showed them so before the pile came to lie so (cards shown face up, shuffled
   * back since); or, when the text does not say which deck it shows, a log showed them as another
   * deck's cards (a reveal from a deck with the same card ids, which may since have shuffled them
   * back), or another deck with the same card ids has all three out of its pile now.
   */
  private explainedOtherwise(deckId: string, triple: string, deckNamed: boolean): boolean {
    const shown = this.publicTriples.get(triple);
    if (shown && shown.since < (this.pileTripleSince.get(`${deckId}\u0000${triple}`) ?? 0)) return true;
    if (deckNamed) return false;
    if (shown && shown.decks.size > 0 && !shown.decks.has(deckId)) return true;
    const cards = triple.split('\u0000');
    return [...this.outOfPile].some(([otherId, out]) => otherId !== deckId && cards.every((cardId) => out.has(cardId)));
  }

  /** Whether the viewer runs the campaign (its GM, or the ADMIN): they see every hand and secret. */
  private runs(viewer: Viewer, campaignId: string): boolean {
    return viewer.kind === 'admin' || (viewer.kind === 'member' && viewer.role === 'GM' && viewer.campaignId === campaignId);
  }

  private mayLookAt(viewer: Viewer, campaignId: string, owner: string | null): boolean {
    if (this.runs(viewer, campaignId)) return true;
    return viewer.kind === 'member' && viewer.campaignId === campaignId && owner !== null && owner === viewer.memberId;
  }

  private knows(viewer: Viewer, secrets: CampaignSecrets, token: string): boolean {
    if (secrets.publicTokens.has(token)) return true;
    if (this.runs(viewer, secrets.campaignId)) return [...secrets.secretTokens.values()].some((tokens) => tokens.has(token));
    return viewer.kind === 'member' && (secrets.secretTokens.get(viewer.memberId)?.has(token) ?? false);
  }

  /** Checks one text the server produced for `viewer`; `sent` are the strings of the viewer's own request. */
  check(viewer: Viewer, text: string, where: string, sent: Set<string> = new Set()): void {
    this.scanned.texts++;
    this.scanned.bytes += Buffer.byteLength(text);
    const who = describeViewer(viewer);
    const tokens = tokensOf(text);
    const found = (what: string) => this.findings.push({ what, viewer: who, where: `${where}: ${text.slice(0, 300)}` });

    for (const secrets of this.campaigns.values()) {
      for (const hand of secrets.hands) {
        const visible = this.mayLookAt(viewer, secrets.campaignId, hand.owner);
        for (const cardId of hand.cardIds) {
          const canary = secrets.canaryNames.get(cardId);
          if (visible) {
            if (canary && tokens.has(cardId)) this.scanned.sightings.set(who, (this.scanned.sightings.get(who) ?? 0) + 1);
            continue;
          }
          // Only canary cards are markers: other ids (`5H`, `hero-erik-1`) are public through the presets.
          if (!canary) continue;
          if (this.knows(viewer, secrets, cardId) || sent.has(cardId)) continue;
          this.scanned.markersChecked++;
          if (tokens.has(cardId)) found(`card ${cardId} of hand ${hand.holder} (campaign ${secrets.campaignId})`);
          if (canary && tokens.has(canary)) found(`card name ${canary} of hand ${hand.holder} (campaign ${secrets.campaignId})`);
        }
      }
    }

    const allowedTriples = new Set<string>();
    for (const secrets of this.campaigns.values()) {
      for (const [secretFor, triples] of secrets.secretTriples) {
        const visible = this.runs(viewer, secrets.campaignId) || (viewer.kind === 'member' && secretFor !== null && secretFor === viewer.memberId);
        if (visible) for (const triple of triples) allowedTriples.add(triple);
      }
    }
    for (const [triple, shownDeck] of triplesOf(sequencesOf(parsed(text)))) {
      // Cards shown as another deck's (by their deckId) are not this pile's, whatever their codes.
      const deck = this.pileTriples
        .get(triple)
        ?.find((candidate) => (shownDeck === undefined || candidate === shownDeck) && !this.explainedOtherwise(candidate, triple, shownDeck !== undefined));
      if (!deck || allowedTriples.has(triple)) continue;
      const [first] = triple.split('\u0000');
      const at = Math.max(0, text.search(new RegExp(`(?<![\\w-])${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`)) - 300);
      found(`three cards in a row of deck ${deck}'s draw pile: ${triple.split('\u0000').join(', ')} (near: …${text.slice(at, at + 600)}…)`);
    }

    for (const seed of seedsIn(text)) if (this.currentSeeds.has(seed)) found(`the current seed ${seed.slice(0, 12)}…`);
  }
}

/** Every 32-byte value the text holds as hex, base64 or a list of bytes, as lowercase hex. */
export function seedsIn(text: string): string[] {
  const hex = (text.match(/(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/g) ?? []).map((value) => value.toLowerCase());
  const base64 = (text.match(/[A-Za-z0-9+/_-]{43}=?/g) ?? []).flatMap((value) => {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === 32 ? [bytes.toString('hex')] : [];
  });
  const lists = (text.match(/\[\s*(?:\d{1,3}\s*,\s*){31}\d{1,3}\s*\]/g) ?? []).map((value) => Buffer.from(JSON.parse(value) as number[]).toString('hex'));
  return [...hex, ...base64, ...lists];
}
