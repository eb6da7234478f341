/**
 * The Tenth Realm's trial roll. Every campaign gets a finished Tenth Realm character for its
 * player, made by the GM (create, choose a Vanori, finish), and the GM rolls its HEART against
 * the default DR: the DR is the GM's to set whatever the campaign lets its players do, so the
 * bench's rolls are allowed under either setting.
 */
import { graphql } from './api.js';

const CREATE = `mutation ($i: TenthRealmCreateCharacterInput!) { tenthRealmCreateCharacter(input: $i) { character { id } } }`;
const VANORI = `mutation ($i: TenthRealmChooseVanoriInput!) { tenthRealmChooseVanori(input: $i) { maxResilience } }`;
const FINISH = `mutation ($i: TenthRealmFinishCharacterInput!) { tenthRealmFinishCharacter(input: $i) { eventSeq } }`;
const TRIAL_ROLL = `mutation Trial($i: TenthRealmTrialRollInput!) { tenthRealmTrialRoll(input: $i) { success eventSeq } }`;

/** The event type of a trial roll, to count them in the log. */
export const TRIAL_EVENT = 'tenth-realm.trial-rolled';

/**
 * Makes each campaign's character and tries one roll; returns `build(target)`, the trial roll
 * request of a campaign. Throws when a step is refused: the phase is not measured then.
 */
export async function prepareTrialRolls(url, targets) {
  const characters = new Map();
  for (const target of targets) {
    const { tenthRealmCreateCharacter } = await graphql(url, target.gmKey, CREATE, {
      i: { campaignId: target.campaignId, name: 'Bench hero', memberId: target.playerMemberId },
    });
    const characterId = tenthRealmCreateCharacter.character.id;
    await graphql(url, target.gmKey, VANORI, { i: { characterId, vanori: 'OX' } });
    await graphql(url, target.gmKey, FINISH, { i: { characterId, weaponName: 'Spear' } });
    characters.set(target.campaignId, characterId);
  }
  const build = (target) => ({ key: target.gmKey, query: TRIAL_ROLL, variables: { i: { characterId: characters.get(target.campaignId), attribute: 'HEART' } } });
  const first = build(targets[0]);
  await graphql(url, first.key, first.query, first.variables);
  return { build, tried: 1 };
}
