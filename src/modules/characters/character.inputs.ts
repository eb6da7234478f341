import { Field, ID, InputType } from '@nestjs/graphql';
import { IsOptional, IsUUID } from 'class-validator';
import { IsDisplayName } from '../../common/display-name.js';

@InputType()
export class CreateCharacterInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field() @IsDisplayName() name!: string;
  @Field(() => ID, {
    nullable: true,
    description: "The owning member. A PLAYER may only create their own (the default); a GM without it makes an NPC.",
  })
  @IsOptional() @IsUUID() memberId?: string;
}
