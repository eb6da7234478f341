import { Field, ID, InputType } from '@nestjs/graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { IsIn, IsObject, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { MemberRoleEnum } from './campaign.model.js';

@InputType()
export class CreateCampaignInput {
  @Field() @IsString() @Length(1, 100) name!: string;
  @Field({ description: 'A ruleset id from `rulesets`.' }) @IsString() @Length(1, 60) ruleset!: string;
  @Field({ nullable: true, description: "The GM member's name (default 'GM')." })
  @IsOptional() @IsString() @Length(1, 100) gmName?: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Ruleset settings.' })
  @IsOptional() @IsObject() settings?: Record<string, unknown>;
}

@InputType()
export class AddMemberInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field() @IsString() @Length(1, 100) name!: string;
  @Field(() => MemberRoleEnum) @IsIn(Object.values(MemberRoleEnum)) role!: MemberRoleEnum;
}

@InputType()
export class CampaignInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
}
