/**
 * The export button of the System Dashboard and of Reports & Analytics: a menu of the two
 * files the view can be saved as, CSV (for a spreadsheet) and PDF (to print or hand on),
 * both made on this device from the figures shown, so it works offline too. Loaded when
 * first opened or once the page is idle (export-menu.tsx), with the menu's machinery.
 */
import type { ReportDocument } from '#domain/reports/report-document';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { showToast } from '../components/toast';
import { type ReportFileFormat, saveReportFile } from './report-downloads';

const FORMATS: { value: ReportFileFormat; label: string }[] = [
  { value: 'csv', label: 'CSV file (spreadsheet)' },
  { value: 'pdf', label: 'PDF file (print or share)' },
];

const isFormat = (value: string): value is ReportFileFormat => value === 'csv' || value === 'pdf';

export interface ExportMenuProps {
  label: string;
  /** Names the file in the confirmation ("Overview saved as …"). */
  what: string;
  /** Null while nothing is shown. */
  document: ReportDocument | null;
}

export function ExportMenuList({
  label,
  what,
  document,
  isOpen,
  onOpenChange,
}: ExportMenuProps & { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const [isSaving, setIsSaving] = useState(false);

  const save = async (format: ReportFileFormat) => {
    if (!document) return;
    setIsSaving(true);
    try {
      const fileName = await saveReportFile(document, format);
      showToast({ type: 'success', title: `${what} saved as ${fileName}` });
    } catch (error) {
      showToast({
        type: 'error',
        title: `The ${format.toUpperCase()} file could not be made`,
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Menu.Root
      open={isOpen}
      onOpenChange={(details) => onOpenChange(details.open)}
      onSelect={(details) => isFormat(details.value) && void save(details.value)}
    >
      <Menu.Trigger asChild>
        <Button colorPalette="brand" disabled={!document} loading={isSaving} loadingText="Saving…">
          {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {FORMATS.map((format) => (
              <Menu.Item key={format.value} value={format.value}>
                {format.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
