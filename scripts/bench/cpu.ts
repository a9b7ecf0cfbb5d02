// CPU time of processes, from /proc (Linux): a figure per request that a busy
// machine disturbs far less than latency, since time spent waiting for a core
// is not counted.
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

let ticksPerSecond: number | undefined;
/** The kernel's clock ticks a second (USER_HZ), in which /proc states CPU time. */
function hz(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** utime, stime, cutime, cstime and ppid of a process from /proc/<pid>/stat; undefined once it has gone. */
function stat(pid: number): { self: number; children: number; ppid: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: read after its closing one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
  const n = (field: number) => Number(fields[field - 3]);
  return { self: n(14) + n(15), children: n(16) + n(17), ppid: n(4) };
}

/** Whether this machine has /proc to read. */
export const cpuReadable = (): boolean => stat(process.pid) !== undefined;

/** CPU milliseconds a process has used (all its threads), NaN once it has gone. */
export function processCpuMs(pid: number): number {
  const s = stat(pid);
  return s ? (s.self * 1000) / hz() : NaN;
}

/**
 * CPU milliseconds of a PostgreSQL server: the postmaster, its backends and
 * workers alive now, and those that have exited (their time is added to the
 * postmaster's children's time when it reaps them).
 */
export function postgresCpuMs(postmasterPid: number): number {
  const postmaster = stat(postmasterPid);
  if (!postmaster) return NaN;
  let ticks = postmaster.self + postmaster.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === postmasterPid) ticks += child.self;
  }
  return (ticks * 1000) / hz();
}

/** This process's CPU milliseconds (user and system). */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
