import type { KernelEvents } from '../../../kernel/bus/events'
import '../events'

/**
 * The `page:cartAdd` example of docs/shopper-data.md ("Host-page events"), as a host page raises it: one fixture for
 * the catalogue's unit test and the browser test, so both prove the example a brand team copies.
 */
export const README_CART_ADD: KernelEvents['page:cartAdd'] = {
  location: 'product detail',
  variantCode: '5000-0101-0002-24',
  product: {
    code: '5000-0101',
    name: 'Dark Magic',
    brand: 'Green Mountain Coffee Roasters',
    productType: 'Coffee',
    variantOptions: [
      {
        code: '5000-0101-0002-24',
        count: 24,
        priceData: { value: 17.99 },
        originalPriceData: { value: 19.99 },
      },
    ],
  },
  entry: { quantity: 2, orderEntryType: 'ADF' },
}
