import type { Lang } from '../../../site/language'
import { attr, escapeHtml } from '../escapeHtml'
import type { OfferProduct } from './offerQueries'
import {
  BOX_FIELD_PREFIX,
  choiceQuery,
  OFFER_IDS,
  OFFER_RULES,
  type OfferChoice,
  type OfferId,
  type OfferProblem,
  type OfferStep,
} from './offerRules'

/** What the starter-kit page draws of the flow. */
export interface BrewerOfferView {
  /** The page's own path: every step is this page, with its choice in the query. */
  path: string
  /** Undefined without a known offer: the page lists the offers. */
  choice?: OfferChoice
  step: OfferStep
  problem?: OfferProblem
  brewers: OfferProduct[]
  pods: OfferProduct[]
  /** The confirm form's key (step 3). */
  orderKey?: string
  /** The kit was put in the cart (the confirm form's answer comes back here). */
  ordered?: boolean
  /** The cart page in the page's language. */
  cartPath: string
  /** The store has no starter kits (the business store): the page says so, and lists no offer. */
  unavailable?: boolean
}

interface OfferText {
  heading: string
  chooseOffer: string
  offers: Record<OfferId, { name: string; line: (boxes: number) => string }>
  steps: Record<OfferStep, string>
  stepOf: (step: OfferStep) => string
  /** The step's heading: "Step 1 of 3: Pick a brewer" (French puts a space before the colon). */
  stepTitle: (step: OfferStep, name: string) => string
  next: Record<1 | 2, string>
  back: Record<2 | 3, string>
  confirm: string
  brewerLegend: string
  podsLegend: (boxes: number) => string
  boxesOf: (name: string) => string
  problems: { noBrewer: string; boxCount: (wanted: number, have: number) => string }
  summaryBrewer: string
  summaryPods: string
  count: (n: number, name: string) => string
  ordered: (boxes: number) => string
  toCart: string
  unavailable: string
  /** Before a problem in the page's title. */
  error: string
}

const TEXT: Record<Lang, OfferText> = {
  en: {
    heading: 'Build your starter kit',
    chooseOffer: 'Choose an offer',
    offers: {
      KSKBBAD: {
        name: 'Brewer + Auto Delivery',
        line: (n) =>
          `Pick a brewer and ${n} boxes of pods a month; the brewer is $49 with your first delivery.`,
      },
      FIFTYPERCENTBREWER: {
        name: 'Half-price brewer',
        line: (n) => `Half off the brewer of your choice with ${n} boxes of pods.`,
      },
      FREEBREWER: {
        name: 'Free brewer',
        line: (n) => `A free K-Mini® brewer when you order ${n} boxes of pods.`,
      },
    },
    steps: { 1: 'Pick a brewer', 2: 'Choose pods', 3: 'Confirm order' },
    stepOf: (step) => `Step ${step} of 3`,
    stepTitle: (step, name) => `Step ${step} of 3: ${name}`,
    next: { 1: 'Next: choose pods', 2: 'Next: confirm order' },
    back: { 2: 'Back: pick a brewer', 3: 'Back: choose pods' },
    confirm: 'Confirm order',
    brewerLegend: 'Your brewer',
    podsLegend: (n) => `Your pods: ${n} boxes in all`,
    boxesOf: (name) => `Boxes of ${name}`,
    problems: {
      noBrewer: 'Pick a brewer to go on.',
      boxCount: (wanted, have) =>
        Number.isFinite(have)
          ? `Choose ${wanted} boxes in all; you have ${have}.`
          : `Choose ${wanted} boxes in all, as whole numbers.`,
    },
    summaryBrewer: 'Brewer',
    summaryPods: 'Pods',
    count: (n, name) => `${n} × ${name}`,
    ordered: (n) => `Your kit is in your cart: the brewer and ${n} boxes of pods.`,
    toCart: 'Go to your cart',
    unavailable: 'Starter kits are offered in our home stores only.',
    error: 'Error: ',
  },
  fr: {
    heading: 'Composez votre trousse de démarrage',
    chooseOffer: 'Choisissez une offre',
    offers: {
      KSKBBAD: {
        name: 'Cafetière + livraison automatique',
        line: (n) =>
          `Choisissez une cafetière et ${n} boîtes de capsules par mois; la cafetière est à 49\u00a0$ avec votre première livraison.`,
      },
      FIFTYPERCENTBREWER: {
        name: 'Cafetière à moitié prix',
        line: (n) => `La moitié du prix de la cafetière de votre choix avec ${n} boîtes de capsules.`,
      },
      FREEBREWER: {
        name: 'Cafetière gratuite',
        line: (n) => `Une cafetière K-Mini® gratuite à l’achat de ${n} boîtes de capsules.`,
      },
    },
    steps: { 1: 'Choisir une cafetière', 2: 'Choisir les capsules', 3: 'Confirmer la commande' },
    stepOf: (step) => `Étape ${step} sur 3`,
    stepTitle: (step, name) => `Étape ${step} sur 3\u00a0: ${name}`,
    next: { 1: 'Suivant\u00a0: choisir les capsules', 2: 'Suivant\u00a0: confirmer la commande' },
    back: { 2: 'Retour\u00a0: choisir une cafetière', 3: 'Retour\u00a0: choisir les capsules' },
    confirm: 'Confirmer la commande',
    brewerLegend: 'Votre cafetière',
    podsLegend: (n) => `Vos capsules\u00a0: ${n} boîtes en tout`,
    boxesOf: (name) => `Boîtes de ${name}`,
    problems: {
      noBrewer: 'Choisissez une cafetière pour continuer.',
      boxCount: (wanted, have) =>
        Number.isFinite(have)
          ? `Choisissez ${wanted} boîtes en tout; vous en avez ${have}.`
          : `Choisissez ${wanted} boîtes en tout, en nombres entiers.`,
    },
    summaryBrewer: 'Cafetière',
    summaryPods: 'Capsules',
    count: (n, name) => `${n} × ${name}`,
    ordered: (n) => `Votre trousse est dans votre panier\u00a0: la cafetière et ${n} boîtes de capsules.`,
    toCart: 'Voir votre panier',
    unavailable: 'Les trousses de démarrage sont offertes dans nos boutiques pour la maison seulement.',
    error: 'Erreur\u00a0: ',
  },
}

const hrefFor = (path: string, query: URLSearchParams) => `${path}?${query.toString()}`

/** The id of the problem line, which the fields it is about point to (aria-describedby). */
const PROBLEM_ID = 'offer-problem'

/**
 * The brewer-offer flow on the starter-kit page, drawn by the server at each step, so it works
 * without script: each step is a form that asks for the next (GET, the choice in the address, so
 * back and forward and a reload keep it), back is a link to the step before with the choice kept,
 * and the last step sends the order (POST, brewerOfferRoutes.ts). Each step is a page of its own:
 * its heading names the step, and a problem is announced at the top of the form.
 */
export function renderBrewerOffer(view: BrewerOfferView, lang: Lang): string {
  const text = TEXT[lang]
  const { choice } = view
  if (view.unavailable) return section(text.heading, `<p>${escapeHtml(text.unavailable)}</p>`)
  if (!choice) {
    const offers = OFFER_IDS.map(
      (id) =>
        `<li><a href=${attr(hrefFor(view.path, new URLSearchParams({ openedKSK: id })))}>${escapeHtml(text.offers[id].name)}</a> ${escapeHtml(text.offers[id].line(OFFER_RULES[id].boxes))}</li>`,
    ).join('')
    return `<section class="offer" aria-labelledby="offer-heading"><h2 id="offer-heading">${escapeHtml(text.chooseOffer)}</h2><ul class="offer-list">${offers}</ul></section>`
  }
  const offer = text.offers[choice.offer]
  const boxes = OFFER_RULES[choice.offer].boxes
  const intro = `<p class="offer-line"><strong>${escapeHtml(offer.name)}.</strong> ${escapeHtml(offer.line(boxes))}</p>`
  if (view.brewers.length === 0 || view.pods.length === 0)
    return section(text.heading, `${intro}<p>${escapeHtml(text.unavailable)}</p>`)
  if (view.ordered)
    return section(
      text.heading,
      `${intro}<p class="offer-done" role="status">${escapeHtml(text.ordered(boxes))}</p><p><a href=${attr(view.cartPath)}>${escapeHtml(text.toCart)}</a></p>`,
    )
  const progress = `<ol class="offer-steps" aria-label=${attr(text.stepOf(view.step))}>${([1, 2, 3] as const)
    .map(
      (s) =>
        `<li${s === view.step ? ' aria-current="step"' : ''}${s < view.step ? ' data-done' : ''}>${escapeHtml(text.steps[s])}</li>`,
    )
    .join('')}</ol>`
  const problemText = offerProblemText(view, lang)
  const problem = problemText
    ? `<p class="offer-problem" id="${PROBLEM_ID}" role="alert">${escapeHtml(problemText)}</p>`
    : ''
  const described = view.problem ? ` aria-describedby="${PROBLEM_ID}"` : ''
  const invalid = view.problem ? ' aria-invalid="true"' : ''
  const stepHeading = `<h3 class="offer-step-heading">${escapeHtml(text.stepTitle(view.step, text.steps[view.step]))}</h3>`
  const back = (step: 2 | 3) =>
    `<a class="offer-back" href=${attr(hrefFor(view.path, choiceQuery(choice, (step - 1) as OfferStep)))}>${escapeHtml(text.back[step])}</a>`
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name=${attr(name)} value=${attr(value)}>`
  const carried = (step: OfferStep) =>
    [...choiceQuery(choice, step)]
      .filter(([name]) => !(view.step === 2 && name.startsWith(BOX_FIELD_PREFIX)))
      .filter(([name]) => !(view.step === 1 && name === 'brewer'))
      .map(([name, value]) => hidden(name, value))
      .join('')
  let body: string
  if (view.step === 1) {
    const radios = view.brewers
      .map(
        (b) =>
          `<label class="offer-choice"><input type="radio" name="brewer" value=${attr(b.code)}${b.code === choice.brewer ? ' checked' : ''}${invalid} required> ${escapeHtml(b.name)}</label>`,
      )
      .join('')
    body = `<form method="get" action=${attr(view.path)} class="offer-form">${carried(2)}${problem}<fieldset${described}><legend>${escapeHtml(text.brewerLegend)}</legend>${radios}</fieldset><div class="offer-actions"><button type="submit">${escapeHtml(text.next[1])}</button></div></form>`
  } else if (view.step === 2) {
    const fields = view.pods
      .map((p) => {
        const count = choice.boxes.get(p.code)
        const value = count !== undefined && Number.isInteger(count) ? String(count) : '0'
        return `<label class="offer-count"><span>${escapeHtml(p.name)}</span><input type="number" name=${attr(`${BOX_FIELD_PREFIX}${p.code}`)} value=${attr(value)} min="0" max=${attr(String(boxes))} step="1" inputmode="numeric"${invalid} aria-label=${attr(text.boxesOf(p.name))}></label>`
      })
      .join('')
    body = `<form method="get" action=${attr(view.path)} class="offer-form">${carried(3)}${problem}<fieldset${described}><legend>${escapeHtml(text.podsLegend(boxes))}</legend>${fields}</fieldset><div class="offer-actions">${back(2)}<button type="submit">${escapeHtml(text.next[2])}</button></div></form>`
  } else {
    const brewer = view.brewers.find((b) => b.code === choice.brewer)
    const pods = view.pods
      .filter((p) => choice.boxes.has(p.code))
      .map((p) => `<li>${escapeHtml(text.count(choice.boxes.get(p.code) ?? 0, p.name))}</li>`)
      .join('')
    const fields = [...choiceQuery(choice, 3)]
      .filter(([name]) => name !== 'step')
      .map(([name, value]) => hidden(name, value))
      .join('')
    body = `<dl class="offer-summary"><dt>${escapeHtml(text.summaryBrewer)}</dt><dd>${escapeHtml(brewer?.name ?? '')}</dd><dt>${escapeHtml(text.summaryPods)}</dt><dd><ul>${pods}</ul></dd></dl><form method="post" action=${attr(view.path)} class="offer-form">${fields}${hidden('orderKey', view.orderKey ?? '')}<div class="offer-actions">${back(3)}<button type="submit">${escapeHtml(text.confirm)}</button></div></form>`
  }
  return section(text.heading, `${intro}${progress}${stepHeading}${body}`)
}

/** What keeps the shopper on this step, in words; undefined when nothing does. */
export function offerProblemText(view: BrewerOfferView, lang: Lang): string | undefined {
  const { choice, problem } = view
  if (!choice || !problem) return undefined
  const text = TEXT[lang]
  if (problem === 'noBrewer') return text.problems.noBrewer
  // The boxes of the pods the step shows: a count for a pod it does not list (an old link) is not
  // the shopper's to see, so "you have" never counts it.
  const have = view.pods.reduce((sum, pod) => sum + (choice.boxes.get(pod.code) ?? 0), 0)
  return text.problems.boxCount(OFFER_RULES[choice.offer].boxes, have)
}

/**
 * The page's title for the flow's step ("Step 2 of 3: Choose pods"), first with the problem that
 * kept the shopper there: a screen reader says the title when the page loads, which an alert drawn
 * with the page is not reliably (GOV.UK's "Error:" pattern). Undefined outside the steps.
 */
export function brewerOfferTitle(view: BrewerOfferView, lang: Lang): string | undefined {
  if (!view.choice || view.brewers.length === 0 || view.pods.length === 0) return undefined
  const text = TEXT[lang]
  if (view.ordered) return text.ordered(OFFER_RULES[view.choice.offer].boxes)
  const step = text.stepTitle(view.step, text.steps[view.step])
  const problem = offerProblemText(view, lang)
  return problem ? `${text.error}${problem} ${step}` : step
}

function section(heading: string, inner: string): string {
  return `<section class="offer" aria-labelledby="offer-heading"><h2 id="offer-heading">${escapeHtml(heading)}</h2>${inner}</section>`
}

/** The flow's styles, in the page's own stylesheet: readable from 320 px, nothing wider than the page. */
export const BREWER_OFFER_CSS =
  '.offer{margin:1.5rem 0;padding:1rem;border:1px solid #d9d4cf;border-radius:8px;max-width:40rem}' +
  '.offer h2{margin-top:0}.offer-line{overflow-wrap:anywhere}' +
  '.offer-steps{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0 0 1rem;padding:0;list-style:none;counter-reset:s}' +
  '.offer-steps li{counter-increment:s;color:#4d4540}.offer-steps li::before{content:counter(s) ". "}' +
  '.offer-steps li[aria-current]{color:#1f1a17;font-weight:700}' +
  '.offer fieldset{margin:0 0 1rem;padding:.5rem 0;border:0;min-width:0}.offer legend{font-weight:600;padding:0}' +
  '.offer-choice,.offer-count{display:flex;align-items:center;gap:.5rem;min-height:44px;overflow-wrap:anywhere}' +
  '.offer-count{justify-content:space-between}.offer-count input{width:4.5rem;min-height:36px;flex:none;font:inherit}' +
  '.offer-actions{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1.5rem}' +
  '.offer button{min-height:44px;padding:0 1.25rem;border:0;border-radius:22px;background:#5b3a1e;color:#fff;font:inherit;font-weight:600;cursor:pointer}' +
  '.offer button:focus-visible,.offer a:focus-visible,.offer input:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}' +
  '.offer-back{min-height:44px;display:inline-flex;align-items:center}' +
  '.offer-problem{margin:0 0 .75rem;padding:.5rem .75rem;border-left:4px solid #a4161a;background:#fbeaea;color:#7a1014}' +
  '.offer-summary dt{font-weight:600}.offer-summary dd{margin:0 0 .75rem}.offer-summary ul{margin:0;padding-left:1.25rem}' +
  '.offer-done{font-weight:600}.offer-list li{margin-bottom:.5rem}'
