import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum RoleEnum {
  ADMIN = 'ADMIN',
  GM = 'GM',
  PLAYER = 'PLAYER',
}
registerEnumType(RoleEnum, { name: 'Role', description: 'ADMIN runs the server; GM and PLAYER belong to one campaign.' });

export enum MemberRoleEnum {
  GM = 'GM',
  PLAYER = 'PLAYER',
}
registerEnumType(MemberRoleEnum, { name: 'MemberRole' });

@ObjectType({ description: 'A GM or player of one campaign.' })
export class Member {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => MemberRoleEnum) role!: MemberRoleEnum;
}

@ObjectType({ description: "A member's seed, mixed into an epoch's stream key (README, Players' seeds)." })
export class ClientSeed {
  @Field(() => ID) memberId!: string;
  @Field() clientSeed!: string;
}

@ObjectType({ description: 'A seed that rotateSeed revealed: every event of its epoch can be recomputed from it and its client seeds.' })
export class RevealedSeed {
  @Field(() => Int) epoch!: number;
  @Field({ description: 'The 32-byte seed, hex.' }) seed!: string;
  @Field({ description: 'SHA-256 of the seed, hex: the commitment published while it was secret.' }) commitment!: string;
  @Field(() => [ClientSeed], { description: "The members' seeds mixed into the epoch's stream key." }) clientSeeds!: ClientSeed[];
  @Field(() => Int, { description: 'The last event sequence number that used this seed.' }) lastSeq!: number;
}

@ObjectType({ description: 'A game table: its rule system, members, characters, decks and auditable random stream.' })
export class Campaign {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ description: 'The id of its rule system (see `rulesets`).' }) ruleset!: string;
  @Field({ description: 'SHA-256 of the current secret seed, hex.' }) rngCommitment!: string;
  @Field(() => Int, { description: 'How many times the seed was rotated: the current epoch.' }) seedEpoch!: number;
  @Field(() => [ClientSeed], { description: "The members' seeds mixed into the current epoch's stream key." }) clientSeeds!: ClientSeed[];
  @Field(() => String, { nullable: true, description: "SHA-256 of the next epoch's secret seed, hex: published before members add their seeds to it (setClientSeed)." })
  nextRngCommitment!: string | null;
  @Field(() => [ClientSeed], { description: "The members' seeds for the next epoch so far." }) nextClientSeeds!: ClientSeed[];
  @Field(() => Int) lastEventSeq!: number;
  @Field() createdAt!: Date;
}

@ObjectType()
export class Me {
  @Field(() => RoleEnum) role!: RoleEnum;
  @Field(() => ID, { nullable: true }) campaignId!: string | null;
  @Field(() => ID, { nullable: true }) memberId!: string | null;
  @Field() name!: string;
}

@ObjectType()
export class CreateCampaignPayload {
  @Field(() => Campaign) campaign!: Campaign;
  @Field({ description: "The GM's API key: shown once, stored only hashed." }) gmKey!: string;
  @Field(() => Member) gm!: Member;
}

@ObjectType()
export class AddMemberPayload {
  @Field(() => Member) member!: Member;
  @Field({ description: 'The API key: shown once, stored only hashed.' }) apiKey!: string;
}

@ObjectType({ description: 'A hand that held cards when its seed was revealed: what rotating with force made derivable.' })
export class HeldHand {
  @Field(() => ID) deckId!: string;
  @Field({ description: "A character id, or `lead` for the Lead Player's hand." }) holderId!: string;
  @Field(() => Int) count!: number;
}

@ObjectType()
export class RotateSeedPayload {
  @Field({ description: 'The seed used until now, hex.' }) revealedSeed!: string;
  @Field() revealedCommitment!: string;
  @Field(() => [ClientSeed], { description: "The members' seeds that were mixed into the revealed epoch." }) revealedClientSeeds!: ClientSeed[];
  @Field({ description: 'The commitment to the seed now current (published in advance).' }) newCommitment!: string;
  @Field(() => [ClientSeed], { description: "The members' seeds mixed into the epoch now current." }) clientSeeds!: ClientSeed[];
  @Field({ description: "The commitment to the next epoch's seed, which members may now add their seeds to." }) nextCommitment!: string;
  @Field(() => Int, { description: 'The last event that used the revealed seed.' }) lastEventSeq!: number;
  @Field(() => [HeldHand], {
    description: 'Hands that held cards dealt under the revealed seed (only with force: true): anyone can now work out their cards from the revealed seed.',
  })
  handsMadeDerivable!: HeldHand[];
}

@ObjectType()
export class SetClientSeedPayload {
  @Field(() => Int, { description: 'The epoch the seed is for.' }) epoch!: number;
  @Field(() => Int) eventSeq!: number;
}
