import { isNewsletterEmail as matchesPattern, NEWSLETTER_LABELS } from '../../../contracts/loyalty'

/**
 * The footer newsletter's rules (header spec §5): the email is required and must match a basic
 * pattern whose top-level domain has at least 2 letters; on a brand whose form shows terms
 * (`checkboxContent`), the terms box must be ticked. Pure, so every input has one answer.
 */

/** Longer than any deliverable address (RFC 5321): refused before it is sent, as the server would. */
export const NEWSLETTER_EMAIL_MAX = 254

/** The contract's pattern (the server refuses the same), within the length the server takes. */
export const isNewsletterEmail = (email: string): boolean =>
  email.trim().length <= NEWSLETTER_EMAIL_MAX && matchesPattern(email)

/** The label of each message the form shows (header spec §3 labels, header spec §5). */
export const NEWSLETTER_MESSAGES = {
  email: NEWSLETTER_LABELS.invalidEmail,
  terms: NEWSLETTER_LABELS.termsRequired,
} as const

export interface NewsletterInput {
  email: string
  /** Whether the terms box is ticked. */
  accepted: boolean
  /** Whether this form shows a terms box that must be ticked (its `checkboxContent`, where the brand asks). */
  termsRequired: boolean
}

export type NewsletterProblem = keyof typeof NEWSLETTER_MESSAGES

/** What stops the form from being sent, in the order the fields come. Empty: it may be sent. */
export function newsletterProblems(input: NewsletterInput): NewsletterProblem[] {
  const problems: NewsletterProblem[] = []
  if (!isNewsletterEmail(input.email)) problems.push('email')
  if (input.termsRequired && !input.accepted) problems.push('terms')
  return problems
}
