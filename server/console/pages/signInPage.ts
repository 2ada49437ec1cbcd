import { consolePage, h } from './consoleLayout'

export function signInPage(opts: { csrf: string; next: string; email?: string; problem?: string }): string {
  return consolePage(
    { title: 'Sign in' },
    h`<h1>Sign in to the console</h1>
    <p class="muted">For the brand teams, monitoring staff and admins of the store. Shopper accounts do not work here.</p>
    ${opts.problem && h`<p class="problem" role="alert">${opts.problem}</p>`}
    <form method="post" action="/console/sign-in">
      <input type="hidden" name="csrf" value="${opts.csrf}">
      <input type="hidden" name="next" value="${opts.next}">
      <div class="field"><label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="username" required value="${opts.email ?? ''}"></div>
      <div class="field"><label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required></div>
      <p><button type="submit">Sign in</button></p>
    </form>`,
  )
}
