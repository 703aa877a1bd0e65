import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Menu } from '../../components/menu';
import { showToast } from '../../components/toast';
import { messageOf, useApi } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useLocale } from '../../lib/i18n';
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
  const intl = useIntl();
  const locale = useLocale();
  const { signOut } = useAuth();
  const [deleteOpen, setDeleteOpen] = useState(false);

  const download = (saving: Promise<void>) => {
    saving.catch((error: unknown) => showToast(messageOf(error), 'error'));
  };

  const onDeleted = async () => {
    rememberFarewell();
    setDeleteOpen(false);
    await signOut();
  };

  const label = intl.formatMessage({ id: 'account.menu.label' });
  return (
    <>
      <Menu
        label={label}
        trigger={<span className={styles.trigger}>{label}</span>}
        items={[
          {
            label: intl.formatMessage({ id: 'account.menu.download' }),
            onSelect: () => download(downloadMyData(api)),
          },
          {
            label: intl.formatMessage({ id: 'account.menu.downloadCsv' }),
            onSelect: () => download(downloadCompletedActivities(api, intl, locale)),
          },
          { label: intl.formatMessage({ id: 'account.menu.delete' }), onSelect: () => setDeleteOpen(true) },
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
