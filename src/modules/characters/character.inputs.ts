import { Field, ID, InputType } from '@nestjs/graphql';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';

@InputType()
export class CreateCharacterInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field() @IsString() @Length(1, 100) name!: string;
  @Field(() => ID, {
    nullable: true,
    description: "The owning member. A PLAYER may only create their own (the default); a GM without it makes an NPC.",
  })
  @IsOptional() @IsUUID() memberId?: string;
}
