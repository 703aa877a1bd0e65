export { AccountDataMenu } from './account-data-menu';
