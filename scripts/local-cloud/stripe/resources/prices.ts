import type { Price } from '../objects';
import type { AccountState } from './account-state';
import { listPage } from './list-page';
import { stringList } from './params';
import type { RouteTable } from './route-table';

/** Prices: Bloom Pro's monthly and yearly, made with the account (`bloomPrices`); read-only through the API. */

export function prices(account: AccountState): Price[] {
  return Object.values(account.data.prices);
}

export const priceRoutes: RouteTable = {
  'GET prices': (account, { params, url }) => {
    const lookupKeys = stringList(params.lookup_keys);
    const active = params.active === undefined ? undefined : params.active === 'true';
    const found = prices(account)
      .filter((price) => lookupKeys.length === 0 || lookupKeys.includes(price.lookup_key ?? ''))
      .filter((price) => active === undefined || price.active === active)
      .sort((a, b) => b.created - a.created);
    return listPage(found, params, url);
  },
  'GET prices/:id': (account, { id }) => account.find('prices', id, 'price'),
};
