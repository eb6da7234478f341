import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: "A player's character, or an NPC of the GM's when memberId is null." })
export class Character {
  @Field(() => ID) id!: string;
  @Field(() => ID) campaignId!: string;
  @Field(() => ID, { nullable: true }) memberId!: string | null;
  @Field() name!: string;
  @Field() createdAt!: Date;
}

