/**
 * Header spec §3: the singular label ("1 point", "1 reward") is for exactly 1; 0 and 2+ take the plural. Apart
 * from contracts/loyalty.ts's schemas, so the loyalty part drawn before the kernel carries no valibot.
 */
export const isSingularCount = (n: number): boolean => n === 1
