import type { WeekView } from '@bloom/shared/planner/types';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { showToast } from '../../../components/toast/index';

/** Downloads the visible week as a PDF; jsPDF loads only when someone asks for it. */
export function ExportPdfButton({ week }: { week: WeekView | null }) {
  const [busy, setBusy] = useState(false);
  const exportPdf = async () => {
    if (!week) return;
    setBusy(true);
    try {
      const { saveWeekPdf } = await import('./week-pdf');
      saveWeekPdf(week);
    } catch (error) {
      console.error('PDF export failed', error);
      showToast('Could not create the PDF. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={exportPdf} disabled={!week} busy={busy} busyText="Preparing PDF...">
      Export as PDF
    </Button>
  );
}
