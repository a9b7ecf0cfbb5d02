/** Spec §2 Analytics: under 60 s as seconds, under 3600 s as rounded minutes, otherwise rounded hours. */
export function formatResponseTime(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)}s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`;
  return `${Math.round(seconds / 3600)}h`;
}
