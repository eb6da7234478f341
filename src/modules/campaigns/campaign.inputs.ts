import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Length, Matches, Min } from 'class-validator';
import { MAX_CLIENT_SEED_LENGTH } from '../../rules/random/epoch-key.js';
import { MemberRoleEnum } from './campaign.model.js';
import { IsDisplayName } from '../../common/display-name.js';

@InputType()
export class CreateCampaignInput {
  @Field() @IsDisplayName() name!: string;
  @Field({ description: 'A ruleset id from `rulesets`.' }) @IsString() @Length(1, 60) ruleset!: string;
  @Field({ nullable: true, description: "The GM member's name (default 'GM')." })
  @IsOptional() @IsDisplayName() gmName?: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Ruleset settings.' })
  @IsOptional() @IsObject() settings?: Record<string, unknown>;
}

@InputType()
export class AddMemberInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field() @IsDisplayName() name!: string;
  @Field(() => MemberRoleEnum) @IsIn(Object.values(MemberRoleEnum)) role!: MemberRoleEnum;
}

@InputType()
export class CampaignInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
}

@InputType()
export class RotateSeedInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field({ nullable: true, description: 'Rotate even though cards dealt under the seed are in hands: revealing it makes them derivable.' })
  @IsOptional() @IsBoolean() force?: boolean;
}

@InputType()
export class SetClientSeedInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field({ description: `Any text of 1 to ${MAX_CLIENT_SEED_LENGTH} characters but control characters: mixed into the next epoch's stream key.` })
  @IsString() @Length(1, MAX_CLIENT_SEED_LENGTH) @Matches(/^[^\u0000-\u001f\u007f]*$/, { message: 'clientSeed must not contain control characters (a new line would make the key ambiguous)' })
  clientSeed!: string;
  @Field(() => Int, { nullable: true, description: 'The epoch it is for; only the next one (seedEpoch + 1) accepts seeds. Default: the next one.' })
  @IsOptional() @IsInt() @Min(0) epoch?: number;
}
