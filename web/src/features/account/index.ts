export { DELETE_CONFIRMATION, DeleteAccountDialog } from './delete-account-dialog';
export { downloadCompletedActivities, downloadMyData } from './downloads';
