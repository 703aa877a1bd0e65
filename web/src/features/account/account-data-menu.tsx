import { useState } from 'react';
import { Menu } from '../../components/menu';
import { showToast } from '../../components/toast';
import { messageOf, useApi } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { rememberFarewell } from '../../lib/storage';
import styles from './account-data-menu.module.css';
import { DeleteAccountDialog } from './delete-account-dialog';
import { downloadCompletedActivities, downloadMyData } from './downloads';

/**
 * "Your data" in her account: download everything Bloom holds (JSON), download her completed activities (CSV),
 * or delete her account, after which she is signed out to the landing page and told goodbye.
 */
export function AccountDataMenu() {
  const api = useApi();
  const { signOut } = useAuth();
  const [deleteOpen, setDeleteOpen] = useState(false);

  const download = (save: typeof downloadMyData) => {
    save(api).catch((error: unknown) => showToast(messageOf(error), 'error'));
  };
  const onDeleted = async () => {
    rememberFarewell();
    setDeleteOpen(false);
    await signOut();
  };

  return (
    <>
      <Menu
        label="Your data"
        trigger={<span className={styles.trigger}>Your data</span>}
        items={[
          { label: 'Download my data', onSelect: () => download(downloadMyData) },
          {
            label: 'Download completed activities (CSV)',
            onSelect: () => download(downloadCompletedActivities),
          },
          { label: 'Delete my account', onSelect: () => setDeleteOpen(true) },
        ]}
      />
      <DeleteAccountDialog
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        api={api}
        onDeleted={onDeleted}
      />
    </>
  );
}
