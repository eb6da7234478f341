/**
 * The example table: one page for a GM or a player. It shows the campaign, its decks, the hands
 * the key may see and the live log, and makes the calls of the table: dice, draws and (for the
 * Tenth Realm) trial rolls. Plain DOM: every Arbiter call is in arbiter.ts.
 */
import { Arbiter, ArbiterError, newIdempotencyKey, type GameEvent } from './arbiter.js';
import './style.css';

interface Me {
  role: 'ADMIN' | 'GM' | 'PLAYER';
  name: string;
  memberId: string | null;
  campaignId: string | null;
}

interface Card {
  id: string;
  code: string;
  name: string | null;
  suit: string | null;
  rank: string | null;
  color: 'RED' | 'BLACK' | null;
}

interface Character {
  id: string;
  name: string;
  memberId: string | null;
  handCount: number;
  hand: Card[] | null;
  tenthRealm: { status: string; resilience: number; maxResilience: number; xp: number } | null;
}

interface Deck {
  id: string;
  name: string;
  cardCount: number;
  drawPileCount: number;
  discardPile: Card[];
  table: Card[];
  hands: Array<{ characterId: string; count: number }>;
}

interface Campaign {
  id: string;
  name: string;
  ruleset: string;
  rngCommitment: string;
  seedEpoch: number;
  lastEventSeq: number;
  members: Array<{ id: string; name: string; role: string }>;
  characters: Character[];
  decks: Deck[];
  tenthRealm: { calls: TrialCall[] } | null;
}

/** A Tenth Realm trial the GM called and the character's player has not rolled yet. */
interface TrialCall {
  id: string;
  characterId: string;
  attribute: string | null;
  dr: number;
  fate: boolean;
}

const CARD_FIELDS = 'id code name suit rank color';
const QUERIES = {
  me: `query Me { me { role name memberId campaignId } }`,
  campaigns: `query Campaigns { campaigns { id name } }`,
  table: `query Table($id: ID!) {
    campaign(id: $id) {
      id name ruleset rngCommitment seedEpoch lastEventSeq
      members { id name role }
      characters { id name memberId handCount hand { ${CARD_FIELDS} } tenthRealm { status resilience maxResilience xp } }
      decks { id name cardCount drawPileCount discardPile { ${CARD_FIELDS} } table { ${CARD_FIELDS} } hands { characterId count } }
      tenthRealm { calls { id characterId attribute dr fate } }
    }
  }`,
  rollDice: `mutation RollDice($input: RollDiceInput!) {
    rollDice(input: $input) { expression label total dice { sides value kept exploded } eventSeq }
  }`,
  drawCards: `mutation DrawCards($input: DrawCardsInput!) {
    drawCards(input: $input) { cards { code name } reshuffled eventSeq }
  }`,
  callTrial: `mutation CallTrial($input: TenthRealmCallTrialInput!) {
    tenthRealmCallTrial(input: $input) { call { id attribute dr fate } eventSeq }
  }`,
  trialRoll: `mutation TrialRoll($input: TenthRealmTrialRollInput!) {
    tenthRealmTrialRoll(input: $input) {
      d20 attributeModifier bonus score baseDr effectiveDr revealed { code color }
      success natural20 natural1 cardKept { code } xpMarked consequenceDue eventSeq
    }
  }`,
};

/** How many earlier events the log shows when the page connects. */
const LOG_HISTORY = 30;
const STORAGE = { server: 'arbiter.table.server', key: 'arbiter.table.key' };

// --- DOM helpers -----------------------------------------------------------------------------

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from index.html`);
  return element as T;
}

type Child = Node | string | null | undefined | false;

function el(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

function fillSelect(select: HTMLSelectElement, options: Array<{ value: string; label: string }>): void {
  const previous = select.value;
  select.replaceChildren(...options.map(({ value, label }) => el('option', { value }, label)));
  if (options.some((option) => option.value === previous)) select.value = previous;
}

const SUITS: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

function cardChip(card: Card): HTMLElement {
  const label = card.suit && card.rank ? `${card.rank}${SUITS[card.suit] ?? card.suit}` : card.code;
  return el('span', { class: `card ${card.color === 'RED' ? 'red' : 'black'}`, title: card.name ?? card.code, 'data-code': card.code }, label);
}

function cardRow(cards: Card[], empty: string): HTMLElement {
  return cards.length ? el('span', { class: 'cards' }, ...cards.map(cardChip)) : el('span', { class: 'muted' }, empty);
}

// --- The page's state ------------------------------------------------------------------------

let arbiter: Arbiter | undefined;
let me: Me | undefined;
let campaign: Campaign | undefined;
let stopFollowing: (() => void) | undefined;
let refreshTimer: number | undefined;

function showMessage(text: string, kind: 'info' | 'error' = 'info'): void {
  const message = byId('message');
  message.textContent = text;
  message.className = kind;
}

function explain(error: unknown): string {
  if (error instanceof ArbiterError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** The characters this key acts for: a player's own, every character for the GM and the ADMIN. */
function myCharacters(): Character[] {
  if (!campaign || !me) return [];
  return me.role === 'PLAYER' ? campaign.characters.filter((character) => character.memberId === me!.memberId) : campaign.characters;
}

function memberName(memberId: string | null, role: string): string {
  if (!memberId) return role === 'ADMIN' ? 'the ADMIN' : role;
  return campaign?.members.find((member) => member.id === memberId)?.name ?? role;
}

// --- Rendering -------------------------------------------------------------------------------

function renderCampaign(): void {
  if (!campaign || !me) return;
  byId('campaign-name').textContent = campaign.name;
  byId('campaign-facts').replaceChildren(
    el('span', {}, `Ruleset ${campaign.ruleset}`),
    el('span', {}, `You: ${me.name} (${me.role})`),
    el('span', { title: `SHA-256 of the secret seed (epoch ${campaign.seedEpoch})` }, `Seed commitment ${campaign.rngCommitment.slice(0, 12)}…`),
    el('span', {}, `Members: ${campaign.members.map((member) => `${member.name} (${member.role})`).join(', ')}`),
  );

  byId('decks').replaceChildren(
    ...campaign.decks.map((deck) =>
      el(
        'div',
        { class: 'deck', 'data-deck-id': deck.id },
        el('h3', {}, deck.name),
        el('p', {}, el('strong', { class: 'draw-pile-count' }, String(deck.drawPileCount)), ` of ${deck.cardCount} cards in the draw pile`),
        el('p', { class: 'discard-pile' }, 'Discard pile: ', cardRow(deck.discardPile, 'empty')),
        deck.table.length ? el('p', {}, 'On the table: ', cardRow(deck.table, '')) : null,
      ),
    ),
  );
  if (campaign.decks.length === 0) byId('decks').append(el('p', { class: 'muted' }, 'No deck yet.'));

  const mine = new Set(myCharacters().map((character) => character.id));
  byId('hands').replaceChildren(
    ...campaign.characters.map((character) =>
      el(
        'div',
        { class: `hand${mine.has(character.id) ? ' mine' : ''}`, 'data-character-id': character.id },
        el('h3', {}, character.name, mine.has(character.id) && me!.role === 'PLAYER' ? el('span', { class: 'badge' }, 'yours') : null),
        character.tenthRealm
          ? el('p', { class: 'muted' }, `${character.tenthRealm.status} · resilience ${character.tenthRealm.resilience}/${character.tenthRealm.maxResilience} · XP ${character.tenthRealm.xp}`)
          : null,
        character.hand
          ? el('p', {}, cardRow(character.hand, 'no cards'))
          : el('p', { class: 'muted' }, `${character.handCount} card${character.handCount === 1 ? '' : 's'} (hidden)`),
      ),
    ),
  );
  if (campaign.characters.length === 0) byId('hands').append(el('p', { class: 'muted' }, 'No character yet.'));

  renderActionForms();
}

function renderActionForms(): void {
  if (!campaign || !me) return;
  const characters = myCharacters();
  fillSelect(byId<HTMLSelectElement>('draw-deck'), campaign.decks.map((deck) => ({ value: deck.id, label: deck.name })));
  fillSelect(byId<HTMLSelectElement>('draw-to'), [
    ...characters.map((character) => ({ value: `HAND:${character.id}`, label: `${character.name}'s hand` })),
    ...(me.role === 'PLAYER' ? [] : [{ value: 'DISCARD', label: 'the discard pile' }, { value: 'TABLE', label: 'the table' }]),
  ]);
  byId('draw-form').hidden = campaign.decks.length === 0;

  const tenthRealm = campaign.ruleset === 'tenth-realm';
  byId('trial-form').hidden = !tenthRealm;
  if (tenthRealm) renderTrialForm(characters);
}

/**
 * The GM sets a trial's difficulty (seed 002 line 124): the GM calls it, or rolls it at once; a
 * player rolls the calls made for their own characters.
 */
function renderTrialForm(characters: Character[]): void {
  const gm = me!.role !== 'PLAYER';
  for (const element of byId('trial-form').querySelectorAll<HTMLElement>('[data-for]')) {
    element.hidden = element.dataset.for !== (gm ? 'gm' : 'player');
  }
  fillSelect(byId<HTMLSelectElement>('trial-character'), characters.map((character) => ({ value: character.id, label: character.name })));
  const mine = new Set(characters.map((character) => character.id));
  const calls = (campaign!.tenthRealm?.calls ?? []).filter((call) => mine.has(call.characterId));
  fillSelect(byId<HTMLSelectElement>('trial-call'), calls.map((call) => ({ value: call.id, label: describeCall(call) })));
  byId<HTMLButtonElement>('trial-roll').disabled = !gm && calls.length === 0;
  const chosen = calls.find((call) => call.id === byId<HTMLSelectElement>('trial-call').value);
  byId('trial-attribute').closest('label')!.hidden = !gm && !(chosen && chosen.attribute === null);
  byId('trial-call').closest('label')!.hidden = gm || calls.length === 0;
  byId('trial-help').textContent = gm
    ? "Call a trial for a character (its player rolls it), or roll it now. An attribute left to the player's pick is theirs to choose."
    : calls.length
      ? 'Roll a trial the GM called; pick the attribute if the call leaves it to you.'
      : 'No trial called for your characters yet: the GM calls one.';
}

function describeCall(call: TrialCall): string {
  const name = campaign?.characters.find((character) => character.id === call.characterId)?.name ?? 'a character';
  return `${name}: ${call.attribute?.toLowerCase() ?? 'any attribute'} vs DR ${call.dr}${call.fate ? ' (fate roll)' : ''}`;
}

/** One line of the log, from what the event's payload says. */
function describeEvent(event: GameEvent): string {
  const p = event.payload as Record<string, any>;
  switch (event.type) {
    case 'dice.rolled':
      return `rolled ${p.label ? `${p.label}: ` : ''}${p.expression} = ${p.total}`;
    case 'cards.drawn': {
      const deck = campaign?.decks.find((d) => d.id === p.deckId)?.name ?? 'a deck';
      const codes = (p.cardIds ?? (event.secret as Record<string, any> | null)?.cardIds) as string[] | null | undefined;
      const where = p.to === 'HAND' ? `${campaign?.characters.find((c) => c.id === p.characterId)?.name ?? 'a character'}'s hand` : String(p.to).toLowerCase();
      return `drew ${p.count} from ${deck} to ${where}${codes?.length ? `: ${codes.join(' ')}` : ''}`;
    }
    case 'tenth-realm.trial-called': {
      const call = ((p.outcome ?? p).call ?? p.input ?? {}) as Partial<TrialCall>;
      const who = campaign?.characters.find((c) => c.id === call.characterId)?.name ?? 'a character';
      return `called a trial: ${who}, ${call.attribute ? call.attribute.toLowerCase() : 'any attribute'} vs DR ${call.dr ?? 12}`;
    }
    case 'tenth-realm.trial-rolled': {
      const outcome = (p.outcome ?? p) as Record<string, any>;
      const attribute = (p.input?.attribute ?? outcome.attribute) as string | undefined;
      const characterId = (p.input?.characterId ?? p.characterId) as string | undefined;
      const who = campaign?.characters.find((c) => c.id === characterId)?.name;
      const verdict = outcome.success === undefined ? '' : outcome.success ? ' — success' : ' — setback';
      const score = outcome.score !== undefined ? `: ${outcome.score} (d20 ${outcome.d20})` : '';
      const dr = outcome.effectiveDr !== undefined ? ` vs DR ${outcome.effectiveDr}` : '';
      return `${who ? `${who}'s ` : ''}trial roll${attribute ? ` (${attribute.toLowerCase()})` : ''}${score}${dr}${verdict}`;
    }
    default:
      return event.type.replace(/[.-]/g, ' ');
  }
}

function appendEvent(event: GameEvent): void {
  const log = byId('events');
  const time = new Date(event.createdAt);
  log.prepend(
    el(
      'li',
      { 'data-seq': String(event.seq), 'data-type': event.type },
      el('span', { class: 'seq' }, `#${event.seq}`),
      el('span', {}, el('strong', {}, memberName(event.actorMemberId, event.actorRole)), ' ', describeEvent(event)),
      el('time', { datetime: event.createdAt }, Number.isNaN(time.getTime()) ? '' : time.toLocaleTimeString()),
    ),
  );
}

// --- Talking to Arbiter ----------------------------------------------------------------------

async function loadTable(): Promise<void> {
  if (!arbiter || !me?.campaignId) return;
  ({ campaign } = await arbiter.request<{ campaign: Campaign }>(QUERIES.table, { id: me.campaignId }));
  renderCampaign();
}

/** Loads the table again shortly after events arrive (a burst of events makes one reload). */
function scheduleRefresh(): void {
  window.clearTimeout(refreshTimer);
  refreshTimer = window.setTimeout(() => loadTable().catch((error) => showMessage(explain(error), 'error')), 150);
}

function followLog(campaignId: string, afterSeq: number): void {
  stopFollowing?.();
  byId('events').replaceChildren();
  const status = byId('live-status');
  status.textContent = 'connecting…';
  stopFollowing = arbiter!.followEvents(campaignId, afterSeq, {
    event: (event) => {
      appendEvent(event);
      scheduleRefresh();
    },
    connected: () => {
      status.textContent = 'live';
      status.className = 'live';
    },
    disconnected: () => {
      status.textContent = 'reconnecting…';
      status.className = '';
    },
    failed: (error) => {
      status.textContent = 'stopped';
      status.className = '';
      showMessage(`Live log: ${explain(error)}`, 'error');
    },
  });
}

async function openCampaign(campaignId: string): Promise<void> {
  me = { ...me!, campaignId };
  await loadTable();
  byId('table').hidden = false;
  followLog(campaignId, Math.max(0, campaign!.lastEventSeq - LOG_HISTORY));
}

async function connect(serverUrl: string, apiKey: string): Promise<void> {
  stopFollowing?.();
  arbiter?.close();
  byId('table').hidden = true;
  arbiter = new Arbiter(serverUrl, apiKey);
  ({ me } = await arbiter.request<{ me: Me }>(QUERIES.me));
  localStorage.setItem(STORAGE.server, serverUrl);
  localStorage.setItem(STORAGE.key, apiKey);

  const picker = byId<HTMLSelectElement>('campaign-picker');
  if (me.campaignId) {
    picker.hidden = true;
    await openCampaign(me.campaignId);
  } else {
    // The ADMIN key belongs to no campaign: choose one.
    const { campaigns } = await arbiter.request<{ campaigns: Array<{ id: string; name: string }> }>(QUERIES.campaigns);
    if (campaigns.length === 0) throw new Error('There is no campaign yet: create one in the playground (/graphql on the server).');
    fillSelect(picker, campaigns.map((c) => ({ value: c.id, label: c.name })));
    picker.hidden = false;
    await openCampaign(picker.value);
  }
  showMessage(`Connected to ${arbiter.graphqlUrl}`);
}

/** Runs one action of the table; its result shows at once, the log and the table follow. */
async function act<T>(run: (arbiter: Arbiter) => Promise<T>, show: (result: T) => void): Promise<void> {
  if (!arbiter) return;
  try {
    show(await run(arbiter));
    showMessage('');
    scheduleRefresh();
  } catch (error) {
    showMessage(explain(error), 'error');
  }
}

// --- Wiring ----------------------------------------------------------------------------------

function formValue(form: HTMLFormElement, name: string): string {
  return String(new FormData(form).get(name) ?? '').trim();
}

byId<HTMLFormElement>('connect-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const server = formValue(form, 'server');
  connect(server, formValue(form, 'key')).catch((error) => {
    // A 502 from Vite's proxy: nothing answers at ARBITER_URL.
    const hint = error instanceof ArbiterError && error.code === 'HTTP_ERROR' && !server ? ' — is Arbiter running where ARBITER_URL points (default http://127.0.0.1:3000)?' : '';
    showMessage(explain(error) + hint, 'error');
  });
});

byId<HTMLSelectElement>('campaign-picker').addEventListener('change', (event) => {
  openCampaign((event.currentTarget as HTMLSelectElement).value).catch((error) => showMessage(explain(error), 'error'));
});

byId<HTMLFormElement>('dice-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const input = { campaignId: campaign!.id, expression: formValue(form, 'expression'), label: formValue(form, 'label') || undefined };
  void act(
    (a) => a.request<{ rollDice: { expression: string; total: number; dice: Array<{ value: number; kept: boolean }> } }>(QUERIES.rollDice, { input }, { idempotencyKey: newIdempotencyKey() }),
    ({ rollDice }) => {
      byId('dice-result').textContent = `${rollDice.expression} = ${rollDice.total} (dice ${rollDice.dice.map((die) => (die.kept ? die.value : `(${die.value})`)).join(', ')})`;
    },
  );
});

byId<HTMLFormElement>('draw-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const [to, characterId] = formValue(form, 'to').split(':');
  const input = { deckId: formValue(form, 'deck'), count: Number(formValue(form, 'count')), to, characterId };
  void act(
    (a) => a.request<{ drawCards: { cards: Array<{ code: string }>; reshuffled: boolean } }>(QUERIES.drawCards, { input }, { idempotencyKey: newIdempotencyKey() }),
    ({ drawCards }) => {
      byId('draw-result').textContent = `Drew ${drawCards.cards.map((card) => card.code).join(' ')}${drawCards.reshuffled ? ' (the discard pile was shuffled back in)' : ''}`;
    },
  );
});

byId<HTMLFormElement>('trial-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const attribute = formValue(form, 'attribute') || undefined;
  if ((event.submitter as HTMLButtonElement | null)?.value === 'call') {
    const input = { characterId: formValue(form, 'character'), attribute, dr: Number(formValue(form, 'dr')), fate: new FormData(form).get('fate') === 'on' };
    void act(
      (a) => a.request<{ tenthRealmCallTrial: { call: TrialCall } }>(QUERIES.callTrial, { input }, { idempotencyKey: newIdempotencyKey() }),
      ({ tenthRealmCallTrial: { call } }) => {
        byId('trial-result').textContent = `Called ${describeCall({ ...call, characterId: input.characterId })}: its player rolls it`;
      },
    );
    return;
  }
  let input: Record<string, unknown>;
  if (me!.role === 'PLAYER') {
    const call = campaign!.tenthRealm?.calls.find((c) => c.id === formValue(form, 'call'));
    if (!call) return;
    input = { characterId: call.characterId, callId: call.id, attribute: call.attribute ? undefined : attribute };
  } else {
    input = { characterId: formValue(form, 'character'), attribute, dr: Number(formValue(form, 'dr')), fate: new FormData(form).get('fate') === 'on' };
  }
  type TrialRoll = { d20: number; attributeModifier: number; bonus: number; score: number; effectiveDr: number; revealed: Array<{ code: string }>; success: boolean; cardKept: { code: string } | null; consequenceDue: boolean };
  void act(
    (a) => a.request<{ tenthRealmTrialRoll: TrialRoll }>(QUERIES.trialRoll, { input }, { idempotencyKey: newIdempotencyKey() }),
    ({ tenthRealmTrialRoll: roll }) => {
      const revealed = roll.revealed.length ? `; revealed ${roll.revealed.map((card) => card.code).join(' ')}` : '';
      const kept = roll.cardKept ? `; kept ${roll.cardKept.code}` : '';
      byId('trial-result').textContent =
        `d20 ${roll.d20} ${roll.attributeModifier >= 0 ? '+' : '−'} ${Math.abs(roll.attributeModifier)}${roll.bonus ? ` + ${roll.bonus}` : ''} = ${roll.score} vs DR ${roll.effectiveDr}: ` +
        `${roll.success ? 'success' : 'setback'}${revealed}${kept}${roll.consequenceDue ? ' — the GM narrates a consequence' : ''}`;
    },
  );
});

byId<HTMLSelectElement>('trial-call').addEventListener('change', () => renderActionForms());

// A key in the address (`#key=arb_…`, never sent to a server) connects at once; else the last one used.
const fromHash = new URLSearchParams(window.location.hash.slice(1));
const connectForm = byId<HTMLFormElement>('connect-form');
(connectForm.elements.namedItem('server') as HTMLInputElement).value = fromHash.get('server') ?? localStorage.getItem(STORAGE.server) ?? '';
(connectForm.elements.namedItem('key') as HTMLInputElement).value = fromHash.get('key') ?? localStorage.getItem(STORAGE.key) ?? '';
if (fromHash.has('key')) {
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  connectForm.requestSubmit();
}
