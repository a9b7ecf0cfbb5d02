/** A response time: under 60 s as rounded seconds ("42s"), under 3600 s as rounded minutes ("13m"), otherwise rounded hours ("3h"). */
export function formatResponseTime(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)}s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`;
  return `${Math.round(seconds / 3600)}h`;
}
