import type { Place } from '../../contracts/geocode'
import type { Lang } from '../../site/brand'
import { fold as foldText } from '../search/searchText'

/**
 * The reference server's stand-in for a maps provider's geocoder (header spec §7 "maps geocode"): a
 * small gazetteer of the towns the stores deliver to most, each with its ZIP code or its Canadian
 * postal area (the first three characters of a postal code, which is as close as a postal code
 * places anyone without a paid address file). A provider would know every address; this one knows
 * these, so that page code, tests and a person clicking through get real answers, found the way a
 * geocoder finds them: by postal code in any spacing or case, or by town, with or without its state
 * or province, with or without accents.
 */
interface Town {
  town: string
  region: string
  postalCode: string
  lat: number
  lng: number
}

const US: readonly Town[] = [
  { town: 'New York', region: 'NY', postalCode: '10001', lat: 40.7506, lng: -73.9972 },
  { town: 'Boston', region: 'MA', postalCode: '02108', lat: 42.3576, lng: -71.0649 },
  { town: 'Burlington', region: 'MA', postalCode: '01803', lat: 42.5048, lng: -71.1956 },
  { town: 'Burlington', region: 'VT', postalCode: '05401', lat: 44.4759, lng: -73.2121 },
  { town: 'Chicago', region: 'IL', postalCode: '60601', lat: 41.8858, lng: -87.6181 },
  { town: 'San Francisco', region: 'CA', postalCode: '94103', lat: 37.7725, lng: -122.4091 },
  { town: 'Los Angeles', region: 'CA', postalCode: '90012', lat: 34.0614, lng: -118.2385 },
  { town: 'Seattle', region: 'WA', postalCode: '98101', lat: 47.6114, lng: -122.3305 },
  { town: 'Portland', region: 'OR', postalCode: '97204', lat: 45.5184, lng: -122.6755 },
  { town: 'Portland', region: 'ME', postalCode: '04101', lat: 43.6595, lng: -70.2568 },
  { town: 'Miami', region: 'FL', postalCode: '33131', lat: 25.7663, lng: -80.1891 },
  { town: 'Austin', region: 'TX', postalCode: '78701', lat: 30.2711, lng: -97.7437 },
  { town: 'Dallas', region: 'TX', postalCode: '75201', lat: 32.7876, lng: -96.7994 },
  { town: 'Denver', region: 'CO', postalCode: '80202', lat: 39.7528, lng: -104.9997 },
  { town: 'Atlanta', region: 'GA', postalCode: '30303', lat: 33.7528, lng: -84.3901 },
  { town: 'Philadelphia', region: 'PA', postalCode: '19107', lat: 39.9515, lng: -75.1591 },
  { town: 'Phoenix', region: 'AZ', postalCode: '85004', lat: 33.4515, lng: -112.0685 },
  { town: 'Minneapolis', region: 'MN', postalCode: '55401', lat: 44.9836, lng: -93.2694 },
  { town: 'Nashville', region: 'TN', postalCode: '37203', lat: 36.1502, lng: -86.7897 },
  { town: 'Washington', region: 'DC', postalCode: '20001', lat: 38.9101, lng: -77.0147 },
]

const CA: readonly Town[] = [
  { town: 'Toronto', region: 'ON', postalCode: 'M5V', lat: 43.6426, lng: -79.3871 },
  { town: 'Ottawa', region: 'ON', postalCode: 'K1P', lat: 45.4215, lng: -75.6972 },
  { town: 'Montréal', region: 'QC', postalCode: 'H2X', lat: 45.5088, lng: -73.5698 },
  { town: 'Québec', region: 'QC', postalCode: 'G1R', lat: 46.8123, lng: -71.2145 },
  { town: 'Gatineau', region: 'QC', postalCode: 'J8X', lat: 45.4283, lng: -75.7136 },
  { town: 'Trois-Rivières', region: 'QC', postalCode: 'G9A', lat: 46.3432, lng: -72.5477 },
  { town: 'Vancouver', region: 'BC', postalCode: 'V6B', lat: 49.2799, lng: -123.1151 },
  { town: 'Calgary', region: 'AB', postalCode: 'T2P', lat: 51.0477, lng: -114.0719 },
  { town: 'Edmonton', region: 'AB', postalCode: 'T5J', lat: 53.5444, lng: -113.4909 },
  { town: 'Winnipeg', region: 'MB', postalCode: 'R3C', lat: 49.8951, lng: -97.1384 },
  { town: 'Regina', region: 'SK', postalCode: 'S4P', lat: 50.4452, lng: -104.6189 },
  { town: 'Halifax', region: 'NS', postalCode: 'B3J', lat: 44.6476, lng: -63.5728 },
  { town: 'Moncton', region: 'NB', postalCode: 'E1C', lat: 46.0878, lng: -64.7782 },
  { town: "St. John's", region: 'NL', postalCode: 'A1C', lat: 47.5615, lng: -52.7126 },
  { town: 'Charlottetown', region: 'PE', postalCode: 'C1A', lat: 46.2382, lng: -63.1311 },
]

/** The names a state or province goes by besides its code, in both languages, folded (see `fold`). */
const REGION_NAMES: Record<string, readonly string[]> = {
  NY: ['new york'],
  MA: ['massachusetts'],
  VT: ['vermont'],
  IL: ['illinois'],
  CA: ['california', 'californie'],
  WA: ['washington'],
  OR: ['oregon'],
  ME: ['maine'],
  FL: ['florida', 'floride'],
  TX: ['texas'],
  CO: ['colorado'],
  GA: ['georgia', 'georgie'],
  PA: ['pennsylvania', 'pennsylvanie'],
  AZ: ['arizona'],
  MN: ['minnesota'],
  TN: ['tennessee'],
  DC: ['district of columbia', 'd c'],
  ON: ['ontario'],
  QC: ['quebec'],
  BC: ['british columbia', 'colombie britannique'],
  AB: ['alberta'],
  MB: ['manitoba'],
  SK: ['saskatchewan'],
  NS: ['nova scotia', 'nouvelle ecosse'],
  NB: ['new brunswick', 'nouveau brunswick'],
  NL: ['newfoundland and labrador', 'terre neuve et labrador', 'newfoundland'],
  PE: ['prince edward island', 'ile du prince edouard'],
}

type Country = Place['country']

/**
 * The names a country goes by at the end of an address, folded, longest first. Only the brand's own
 * country's are dropped: "CA" on a Canadian store is Canada, on a US one California.
 */
const COUNTRY_NAMES: Record<Country, readonly string[]> = {
  US: [
    'united states of america',
    'etats unis d amerique',
    'united states',
    'etats unis',
    'u s a',
    'usa',
    'u s',
    'us',
  ],
  CA: ['canada', 'ca'],
}

/**
 * An address as words to match: the search's folding (lower case, no accents), then no apostrophes,
 * and words separated by single spaces: "Montréal,  QC" → "montreal qc", "St. John's" and "St Johns"
 * → "st johns".
 */
export function fold(text: string): string {
  return foldText(text)
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/**
 * A trailing postal code, if the text ends with one, and the words before it: a US ZIP code (ZIP+4
 * read as its ZIP), or a Canadian postal code or its area (its first three characters), which is
 * what the gazetteer knows. In a Canadian code the letters D, F, I, O, Q and U are never used, W and
 * Z never first.
 */
function trailingPostalCode(folded: string, country: Country): { code?: string; rest: string } {
  const match =
    country === 'US'
      ? /(?:^| )(\d{5})(?: ?\d{4})?$/.exec(folded)
      : /(?:^| )([abceghj-nprstvxy]\d[abceghj-nprstv-z])(?: ?\d[abceghj-nprstv-z]\d)?$/.exec(folded)
  if (!match) return { rest: folded }
  return { code: match[1]!.toUpperCase(), rest: folded.slice(0, match.index).trim() }
}

/** The text without a trailing name of the brand's country ("USA", "U.S.", "Canada", "CA"…). */
function withoutCountry(folded: string, country: Country): string {
  for (const name of COUNTRY_NAMES[country]) {
    if (folded === name) return ''
    if (folded.endsWith(` ${name}`)) return folded.slice(0, -name.length - 1)
  }
  return folded
}

/**
 * The town's words and the state or province named after them (by code or name), if any. Words that
 * are only a region's name are that region beside a postal code ("MA 02108"), else a town ("New York").
 */
function townAndRegion(words: string, besideCode: boolean): { town: string; region?: string } {
  for (const [region, names] of Object.entries(REGION_NAMES)) {
    for (const name of [region.toLowerCase(), ...names]) {
      if (words === name && besideCode) return { town: '', region }
      if (words.endsWith(` ${name}`)) return { town: words.slice(0, -name.length - 1), region }
    }
  }
  return { town: words }
}

function placeOf(town: Town, country: Country, lang: Lang): Place {
  const formattedAddress =
    country === 'US'
      ? `${town.town}, ${town.region} ${town.postalCode}, USA`
      : lang === 'fr'
        ? `${town.town} (${town.region}) ${town.postalCode}, Canada`
        : `${town.town}, ${town.region} ${town.postalCode}, Canada`
  return {
    formattedAddress,
    location: { lat: town.lat, lng: town.lng },
    postalCode: town.postalCode,
    region: town.region,
    country,
  }
}

/**
 * The places `query` names in `country`, best first, as a geocoder reads an address: a country name
 * at its end is dropped, then a postal code; what is left is a town, with or without its state or
 * province. A postal code alone gives its place; with a town, the town of that code (or the town
 * alone when the gazetteer does not know the code); a town alone, every town of that name (in that
 * state or province when one is given). None is an empty list.
 */
export function findPlaces(query: string, country: Country, lang: Lang): Place[] {
  const towns = country === 'US' ? US : CA
  const { code, rest } = trailingPostalCode(withoutCountry(fold(query), country), country)
  const { town, region } = townAndRegion(rest, code !== undefined)
  const inRegion = (t: Town) => region === undefined || t.region === region
  const byCode = code ? towns.filter((t) => t.postalCode === code && inRegion(t)) : []
  const named = town ? towns.filter((t) => fold(t.town) === town && inRegion(t)) : []
  // The code's places, unless a town is named that is none of them: then the town's.
  const townDisagrees = town !== '' && !named.some((t) => byCode.includes(t))
  return (townDisagrees ? named : byCode).map((t) => placeOf(t, country, lang))
}

/** Every town the gazetteer knows, for tests. */
export const GAZETTEER: Readonly<Record<'US' | 'CA', readonly Town[]>> = { US, CA }
