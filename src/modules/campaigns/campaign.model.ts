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

@ObjectType({ description: 'A seed that rotateSeed revealed: every event of its epoch can be recomputed from it.' })
export class RevealedSeed {
  @Field(() => Int) epoch!: number;
  @Field({ description: 'The 32-byte seed, hex.' }) seed!: string;
  @Field({ description: 'SHA-256 of the seed, hex: the commitment published while it was secret.' }) commitment!: string;
  @Field(() => Int, { description: 'The last event sequence number that used this seed.' }) lastSeq!: number;
}

@ObjectType({ description: 'A game table: its rule system, members, characters, decks and auditable random stream.' })
export class Campaign {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ description: 'The id of its rule system (see `rulesets`).' }) ruleset!: string;
  @Field({ description: 'SHA-256 of the current secret seed, hex.' }) rngCommitment!: string;
  @Field(() => Int, { description: 'How many times the seed was rotated.' }) seedEpoch!: number;
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

@ObjectType()
export class RotateSeedPayload {
  @Field({ description: 'The seed used until now, hex.' }) revealedSeed!: string;
  @Field() revealedCommitment!: string;
  @Field() newCommitment!: string;
  @Field(() => Int, { description: 'The last event that used the revealed seed.' }) lastEventSeq!: number;
}
