import { noSuch } from '../errors';
import { listPage } from './list-page';
import { optionalString } from './params';
import type { RouteTable } from './route-table';

/** Events: what every change emitted (AccountState.change), the recent ones kept, newest first. */
export const eventRoutes: RouteTable = {
  'GET events': (account, { params, url }) => {
    const type = optionalString(params, 'type');
    const events = [...account.data.events].reverse().filter((event) => !type || event.type === type);
    return listPage(events, params, url);
  },
  'GET events/:id': (account, { id }) => {
    const event = account.data.events.find((candidate) => candidate.id === id);
    if (!event) throw noSuch('event', id);
    return event;
  },
};
