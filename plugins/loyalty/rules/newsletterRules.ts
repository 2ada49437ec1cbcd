/**
 * The footer newsletter's rules (header spec §5): the email is required and must match a basic
 * pattern whose top-level domain has at least 2 letters; on a brand whose form shows terms
 * (`checkboxContent`), the terms box must be ticked. Pure, so every input has one answer.
 */

/**
 * One or more characters that are neither space nor `@`, an `@`, dot-separated domain labels, and a
 * top-level domain of 2 letters or more. Deliberately basic (§5): the server has the last word.
 */
export const NEWSLETTER_EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,}$/

/** Longer than any deliverable address (RFC 5321): refused before it is sent. */
export const NEWSLETTER_EMAIL_MAX = 254

export const isNewsletterEmail = (email: string): boolean => {
  const trimmed = email.trim()
  return trimmed.length <= NEWSLETTER_EMAIL_MAX && NEWSLETTER_EMAIL_PATTERN.test(trimmed)
}

/** The label of each message the form shows (header spec §3 labels, §5). */
export const NEWSLETTER_MESSAGES = {
  email: 'enter.valid.email.message',
  terms: 'accept.terms.condition.message',
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
