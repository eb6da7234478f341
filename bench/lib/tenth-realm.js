/**
 * The Tenth Realm's trial roll: every campaign gets a finished Tenth Realm character for its
 * player (create, choose a Vanori, finish), who then rolls HEART against the default DR.
 */
import { graphql } from './api.js';

const CREATE = `mutation ($i: TenthRealmCreateCharacterInput!) { tenthRealmCreateCharacter(input: $i) { character { id } } }`;
const VANORI = `mutation ($i: TenthRealmChooseVanoriInput!) { tenthRealmChooseVanori(input: $i) { maxResilience } }`;
const FINISH = `mutation ($i: TenthRealmFinishCharacterInput!) { tenthRealmFinishCharacter(input: $i) { eventSeq } }`;
export const TRIAL_ROLL = `mutation Trial($i: TenthRealmTrialRollInput!) { tenthRealmTrialRoll(input: $i) { success eventSeq } }`;

/**
 * `{ build(target) }` giving each campaign's trial roll request, or `{ skip: reason }` when the
 * characters could not be made.
 */
export async function prepareTrialRolls(url, targets) {
  const characters = new Map();
  try {
    for (const target of targets) {
      const { tenthRealmCreateCharacter } = await graphql(url, target.playerKey, CREATE, { i: { campaignId: target.campaignId, name: 'Bench hero' } });
      const characterId = tenthRealmCreateCharacter.character.id;
      await graphql(url, target.playerKey, VANORI, { i: { characterId, vanori: 'OX' } });
      await graphql(url, target.playerKey, FINISH, { i: { characterId, weaponName: 'Spear' } });
      characters.set(target, characterId);
    }
    await graphql(url, targets[0].playerKey, TRIAL_ROLL, { i: { characterId: characters.get(targets[0]), attribute: 'HEART' } });
  } catch (error) {
    return { skip: `preparing Tenth Realm characters failed (${error.message}); see bench/lib/tenth-realm.js` };
  }
  return {
    build: (target) => ({ key: target.playerKey, query: TRIAL_ROLL, variables: { i: { characterId: characters.get(target), attribute: 'HEART' } } }),
  };
}
