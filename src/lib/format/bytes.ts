const KIB = 1024;
const MIB = KIB * 1024;
const GIB = MIB * 1024;

/** One decimal under 10 ("1.5 MB"), none from 10 on ("240 KB"), in the browser's locale. */
function amount(value: number): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}

/**
 * A file's size as people read it: "512 bytes", "240 KB", "1.5 MB", "2 GB"
 * (units of 1024, as WhatsApp and the operating systems' file dialogs show them).
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < KIB) return bytes === 1 ? '1 byte' : `${Math.round(bytes)} bytes`;
  // Rounded into the next unit ("1024 KB" reads "1 MB").
  if (bytes < MIB - KIB / 2) return `${amount(bytes / KIB)} KB`;
  if (bytes < GIB - MIB / 2) return `${amount(bytes / MIB)} MB`;
  return `${amount(bytes / GIB)} GB`;
}
