/** A response time: under 60 s as rounded seconds ("42s"), under 3600 s as rounded minutes ("13m"), otherwise rounded hours ("3h"). */
export function formatResponseTime(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)}s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`;
  return `${Math.round(seconds / 3600)}h`;
}

/**
 * Time left until a deadline, rounded down to whole minutes: "23h 59m", "1h 44m", "45m", "0m"
 * (under a minute). Never negative: a deadline passed reads "0m".
 */
export function formatTimeLeft(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

/**
 * How long something has waited, rounded down: "under 1 min", "25 min", "2 h" (under a day),
 * "3 d". Never negative: a start in the future (a clock a little ahead) reads "under 1 min".
 */
export function formatWaited(milliseconds: number): string {
  const minutes = Math.floor(Math.max(0, milliseconds) / 60_000);
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}
