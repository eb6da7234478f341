/** The die steps, smallest first: d4 → d6 → d8 → d10 → d12 (rules/README.md, "Die steps"). */
export const DIE_STEPS = [4, 6, 8, 10, 12] as const;

/** A die on the step ladder, by its number of sides. */
export type DieStep = (typeof DIE_STEPS)[number];

function stepIndex(sides: number): number {
  const index = DIE_STEPS.indexOf(sides as DieStep);
  // A die off the ladder (a d20, say) has no neighbour to step to: that is a caller's bug.
  if (index === -1) throw new RangeError(`d${sides} is not a die step; the steps are d4 d6 d8 d10 d12`);
  return index;
}

/** The next larger die, clamped at d12: a d12 stepped up stays a d12. */
export function stepUp(sides: number): DieStep {
  return DIE_STEPS[Math.min(stepIndex(sides) + 1, DIE_STEPS.length - 1)];
}

/**
 * The next smaller die, clamped at d4: a d4 stepped down stays a d4. Rules where stepping a d4
 * down means something else (tenth-realm.md: the item breaks) check for d4 before calling this.
 */
export function stepDown(sides: number): DieStep {
  return DIE_STEPS[Math.max(stepIndex(sides) - 1, 0)];
}
