import { Field, ID, InputType } from '@nestjs/graphql';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';

@InputType()
export class RollDiceInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field({ description: 'NdM, d%, + and − terms and constants, kh/kl/dh/dl, ! to explode: "4d6kh3", "2d20kl1+3".' })
  @IsString() @Length(1, 200) expression!: string;
  @Field({ nullable: true, description: 'What the roll is for, shown in the log.' })
  @IsOptional() @IsString() @Length(0, 200) label?: string;
}
