import { useState, type ReactNode } from 'react';
import { BusyButton } from './busy-button';
import { saveBlob } from './download';

/** A file the browser made, ready to save. */
export interface ExportFile {
  blob: Blob;
  fileName: string;
}

interface Props {
  /**
   * Makes the file; undefined when there is nothing to export (the caller has already said so,
   * R-EXPORT-EMPTY).
   */
  make: () => Promise<ExportFile | undefined>;
  /** Tells the user the export failed; the caller logs what it may. */
  onFailure: (error: unknown) => void;
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * A button that makes a file and offers it as a download: busy (and deaf to a second press)
 * while the file is made, the CSV exports of the admin and the provider alike.
 */
export function ExportButton({
  make,
  onFailure,
  className = 'button secondary',
  children,
  ...rest
}: Props) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const file = await make();
      if (file) saveBlob(file.blob, file.fileName);
    } catch (error) {
      onFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <BusyButton className={className} onClick={() => void run()} busy={busy} {...rest}>
      {children}
    </BusyButton>
  );
}
