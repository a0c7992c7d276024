/** Plain helpers of a download (no React, no MUI): the list's export uses them as the file inputs do. */

/** 1536 → '1,5 KB'. */
export function fileSizeText(bytes: number): string {
  const say = (value: number, unit: string) => `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${unit}`;
  if (bytes >= 1024 * 1024) return say(bytes / (1024 * 1024), 'MB');
  if (bytes >= 1024) return say(bytes / 1024, 'KB');
  return say(bytes, 'bytes');
}

/** Saves a downloaded file under its name, as the browser's own download would. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
