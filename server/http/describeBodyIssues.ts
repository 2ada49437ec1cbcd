import type * as v from 'valibot'

const pathOf = (issue: v.BaseIssue<unknown>) =>
  issue.path?.map((p) => String((p as { key: unknown }).key)).join('.') || 'body'

/** Valibot's default messages quote the value received; these never do, so a password is never echoed. */
function describe(issue: v.BaseIssue<unknown>): string {
  const field = `'${pathOf(issue)}'`
  if (issue.kind === 'schema') {
    return issue.received === 'undefined'
      ? `${field} is missing`
      : `${field} must be ${issue.expected ?? issue.type}, not ${typeof issue.input}`
  }
  switch (issue.type) {
    case 'email':
      return `${field} must be an email address`
    case 'min_length':
      return `${field} must be at least ${issue.requirement} characters long`
    case 'max_length':
      return `${field} must be at most ${issue.requirement} characters long`
    case 'min_value':
      return `${field} must be at least ${issue.requirement}`
    case 'max_value':
      return `${field} must be at most ${issue.requirement}`
    case 'integer':
      return `${field} must be a whole number`
    case 'regex':
      return issue.message === 'password-rule'
        ? `${field} must be at least 8 characters with a letter and a digit`
        : `${field} has the wrong format`
    default:
      return `${field} is not valid (${issue.type})`
  }
}

/** One sentence naming every field that is wrong (at most `max`) and what it must be. */
export function describeBodyIssues(issues: readonly v.BaseIssue<unknown>[], max = 5): string {
  return `${issues.slice(0, max).map(describe).join('; ')}.`
}
