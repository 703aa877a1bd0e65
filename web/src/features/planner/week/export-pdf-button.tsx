import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/button';
import { showToast } from '../../../components/toast/index';
import { useShownWeek } from './shown-week';

/** Downloads the visible week as a PDF, in her language; jsPDF loads only when someone asks for it. */
export function ExportPdfButton() {
  const week = useShownWeek();
  const [busy, setBusy] = useState(false);
  const intl = useIntl();
  const exportPdf = async () => {
    if (!week) return;
    setBusy(true);
    try {
      const { saveWeekPdf } = await import('./week-pdf');
      saveWeekPdf(week, intl);
    } catch (error) {
      console.error('PDF export failed', error);
      showToast(intl.formatMessage({ id: 'planner.pdf.failed' }), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={exportPdf}
      disabled={!week}
      busy={busy}
      busyText={intl.formatMessage({ id: 'planner.pdf.preparing' })}
    >
      <FormattedMessage id="planner.pdf.export" />
    </Button>
  );
}
