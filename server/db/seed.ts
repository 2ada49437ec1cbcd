import { labelEntries } from '../../contracts/labelTexts'
import { BRANDS } from '../../site/brand'
import { seedAccounts } from '../auth/seedAccounts'
import { recordFirstVersions } from '../console/configVersions'
import { seedOperators } from '../console/operators'
import { BRAND_LANGS, cmsSlotsFor } from '../fixtures/cmsContent'
import { cmsDraftsFor } from '../fixtures/cmsDrafts'
import { cmsUuid } from '../fixtures/cmsTypes'
import { SEED_OPERATORS } from '../fixtures/operators'
import { RECIPES } from '../fixtures/recipes'
import { siteConfigEntries } from '../fixtures/siteConfig'
import { validateFixtures } from '../fixtures/validateFixtures'
import type { Database } from './database'
import { insertRows } from './insertRows'
import { seedMedias } from './seedMedias'
import { seedProducts } from './seedProducts'

/** Validates the fixtures against the contracts, then writes what is missing. */
export async function seed(db: Database): Promise<void> {
  validateFixtures()
  const siteConfig = BRANDS.flatMap((brand) => siteConfigEntries(brand).map((e) => ({ brand, ...e })))
  const labels = BRAND_LANGS.flatMap(({ brand, lang }) =>
    labelEntries(brand, lang).map((e) => ({ brand, lang, ...e })),
  )
  const slots = []
  const slotComponents = []
  const components = []
  for (const { brand, lang } of BRAND_LANGS) {
    for (const [sort, slot] of cmsSlotsFor(brand, lang).entries()) {
      const { slotId, position, pageUid } = slot
      slots.push({
        brand,
        lang,
        slot_id: slotId,
        slot_uuid: cmsUuid(brand, slotId),
        position,
        page_uid: pageUid,
        sort,
      })
      for (const [index, c] of slot.components.entries()) {
        slotComponents.push({ brand, lang, slot_id: slotId, component_uid: c.uid, sort: index })
        components.push({ brand, lang, uid: c.uid, type_code: c.typeCode, body: c })
      }
    }
  }
  const text = 'text'
  await insertRows(db, 'site_config', { brand: text, key: text, value: text }, siteConfig)
  await insertRows(db, 'message_labels', { brand: text, lang: text, key: text, value: text }, labels)
  await insertRows(
    db,
    'cms_slots',
    {
      brand: text,
      lang: text,
      slot_id: text,
      slot_uuid: text,
      position: text,
      page_uid: text,
      sort: 'integer',
    },
    slots,
  )
  await insertRows(
    db,
    'cms_components',
    { brand: text, lang: text, uid: text, type_code: text, body: 'jsonb' },
    components,
  )
  await insertRows(
    db,
    'cms_slot_components',
    { brand: text, lang: text, slot_id: text, component_uid: text, sort: 'integer' },
    slotComponents,
  )
  const drafts = BRAND_LANGS.flatMap(({ brand, lang }) =>
    cmsDraftsFor(brand, lang).map((d) => ({
      ticket_id: d.ticketId,
      brand,
      lang,
      uid: d.component.uid,
      body: d.component,
    })),
  )
  await insertRows(
    db,
    'cms_draft_components',
    { ticket_id: text, brand: text, lang: text, uid: text, body: 'jsonb' },
    drafts,
  )
  const recipes = RECIPES.map((r) => ({
    kind: r.kind,
    en_category: r.en.category,
    en_title: r.en.title,
    en_name: r.en.name,
    fr_category: r.fr.category,
    fr_title: r.fr.title,
    fr_name: r.fr.name,
  }))
  const recipeColumns = { kind: text, en_category: text, en_title: text, en_name: text }
  await insertRows(
    db,
    'recipes',
    { ...recipeColumns, fr_category: text, fr_title: text, fr_name: text },
    recipes,
  )
  await seedMedias(db)
  await seedProducts(db)
  // After the products: the seed carts name catalogue products.
  await seedAccounts(db)
  // The console's operators, and version 1 of each brand's plugin switches (console/configVersions.ts).
  await seedOperators(db, SEED_OPERATORS)
  await recordFirstVersions(db)
}
