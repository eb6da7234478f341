/** A tab the playground opens with: one operation and the variables it needs. */
export interface ExampleOperation {
  query: string;
  variables?: string;
}

function variables(value: Record<string, unknown>): string {
  return JSON.stringify(value, null, 2);
}

/**
 * Managing a campaign, in the order an ADMIN and a GM go through it (README, "The GraphQL
 * contract by example"). The ids in the variables are placeholders to replace with real ones.
 */
export const EXAMPLE_OPERATIONS: readonly ExampleOperation[] = [
  {
    query: `# Every campaign for the ADMIN key; the own campaign for a GM or player key.
# Enter a key above, then run this with the ▶ button (or Ctrl-Enter).
query Campaigns {
  campaigns {
    id
    name
    ruleset
    lastEventSeq
    members { id name role }
    decks { id name drawPileCount }
  }
}
`,
  },
  {
    query: `# ADMIN: a new campaign and the key of its GM (shown only once: keep it).
mutation CreateCampaign($input: CreateCampaignInput!) {
  createCampaign(input: $input) {
    campaign { id name ruleset rngCommitment seedEpoch lastEventSeq }
    gm { id name role }
    gmKey
  }
}
`,
    variables: variables({ input: { name: 'The Lost Mine', ruleset: 'tenth-realm', gmName: 'Morgan' } }),
  },
  {
    query: `# GM (or ADMIN): a new player or GM of the campaign, and their key (shown only once).
mutation AddMember($input: AddMemberInput!) {
  addMember(input: $input) {
    member { id name role }
    apiKey
  }
}
`,
    variables: variables({ input: { campaignId: '<campaign id>', name: 'Ada', role: 'PLAYER' } }),
  },
  {
    query: `# GM: a deck from a preset (or from your own \`cards\`), shuffled with the campaign's random stream.
mutation CreateDeck($input: CreateDeckInput!) {
  createDeck(input: $input) {
    id name cardCount drawPileCount
    discardPile { code }
  }
}
`,
    variables: variables({ input: { campaignId: '<campaign id>', name: 'Fate deck', preset: 'standard-52' } }),
  },
  {
    query: `# Draw into a hand (to: HAND, with characterId), or face up onto the discard pile or the table (GM).
mutation DrawCards($input: DrawCardsInput!) {
  drawCards(input: $input) {
    cards { code name }
    reshuffled
    eventSeq
    deck { drawPileCount discardPile { code } hands { characterId count } }
  }
}
`,
    variables: variables({ input: { deckId: '<deck id>', count: 1, to: 'DISCARD' } }),
  },
  {
    query: `# GM: reveal the current seed (anyone can then verify every earlier roll) and commit a new one.
mutation RotateSeed($input: RotateSeedInput!) {
  rotateSeed(input: $input) {
    revealedSeed
    revealedCommitment
    newCommitment
    lastEventSeq
  }
}
`,
    variables: variables({ input: { campaignId: '<campaign id>' } }),
  },
  {
    query: `# The campaign's log, live (over graphql-ws, with the same key): the events after afterSeq,
# then each new one as it is committed. Stop it with the ■ button.
subscription CampaignEvents($campaignId: ID!, $afterSeq: Int!) {
  campaignEvents(campaignId: $campaignId, afterSeq: $afterSeq) {
    seq type actorRole actorMemberId payload
  }
}
`,
    variables: variables({ campaignId: '<campaign id>', afterSeq: 0 }),
  },
];
