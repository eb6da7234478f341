/** Talking to the server over GraphQL: a small client, and the campaigns the benchmark plays in. */
export async function graphql(url, key, query, variables) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors?.length) {
    const [error] = body.errors;
    throw new Error(`GraphQL ${error.extensions?.code ?? response.status}: ${error.message}`);
  }
  return body.data;
}

const DRAW = 'mutation Draw($i: DrawCardsInput!) { drawCards(input: $i) { eventSeq reshuffled cards { id code } deck { drawPileCount } } }';

/** The benchmark's draw as a campaign's GM asks for it: one card from the top onto the discard pile. */
export const drawRequest = (target) => ({ key: target.gmKey, query: DRAW, variables: { i: { deckId: target.deckId, count: 1, to: 'DISCARD' } } });

const ROLL = 'mutation Roll($i: RollDiceInput!) { rollDice(input: $i) { total eventSeq } }';

/** The benchmark's roll as a campaign's player asks for it. */
export const rollRequest = (target) => ({
  key: target.playerKey,
  query: ROLL,
  variables: { i: { campaignId: target.campaignId, expression: '1d20+4', label: 'bench' } },
});

const ODDS = 'query Odds($e: String!) { rollOdds(expression: $e) { mean explosionDepth probabilityBeyondDepth distribution { total probability } } }';

/** The expressions whose odds the benchmark asks for: a long sum, a keep, an exploding pool. */
export const ODDS_EXPRESSIONS = ['10d6', '4d6kh3', '3d10!'];

/** The odds of `expression` as a campaign's player asks for them: read only, nothing written. */
export const oddsRequest = (expression) => (target) => ({ key: target.playerKey, query: ODDS, variables: { e: expression } });

const CREATE_CAMPAIGN = `mutation ($i: CreateCampaignInput!) { createCampaign(input: $i) { campaign { id } gm { id } gmKey } }`;
const ADD_MEMBER = `mutation ($i: AddMemberInput!) { addMember(input: $i) { apiKey member { id } } }`;
const CREATE_DECK = `mutation ($i: CreateDeckInput!) { createDeck(input: $i) { id } }`;

/** Runs `task(i)` for i in [0, count) with at most `parallel` at once, keeping results in order. */
async function inParallel(count, parallel, task) {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

/**
 * `count` Tenth Realm campaigns, each with its GM, one player and a standard-52 deck, made through
 * the public API as a client would.
 */
export async function prepareCampaigns(url, adminKey, count, onProgress = () => undefined) {
  let done = 0;
  return inParallel(count, 8, async (index) => {
    const { createCampaign } = await graphql(url, adminKey, CREATE_CAMPAIGN, {
      i: { name: `Bench campaign ${index + 1}`, ruleset: 'tenth-realm', gmName: 'Bench GM' },
    });
    const campaignId = createCampaign.campaign.id;
    const gmKey = createCampaign.gmKey;
    const { addMember } = await graphql(url, gmKey, ADD_MEMBER, { i: { campaignId, name: 'Bench player', role: 'PLAYER' } });
    const { createDeck } = await graphql(url, gmKey, CREATE_DECK, { i: { campaignId, name: 'Bench deck', preset: 'standard-52' } });
    onProgress(++done, count);
    return {
      campaignId,
      gmKey,
      gmMemberId: createCampaign.gm.id,
      playerKey: addMember.apiKey,
      playerMemberId: addMember.member.id,
      deckId: createDeck.id,
    };
  });
}
