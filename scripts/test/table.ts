// The table `npm test` prints at its end: each step's wall time and result.

export type StepRow = { round: number; step: string; seconds: number; result: string };

const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** A plain-text table, widest step name first column, times as m:ss and seconds, then the total. */
export function formatTable(rows: StepRow[], totalSeconds: number, showRound = false): string {
  const header = [...(showRound ? ['round'] : []), 'step', 'time', 'seconds', 'result'];
  const body = rows.map((row) => [
    ...(showRound ? [String(row.round)] : []),
    row.step,
    clock(row.seconds),
    row.seconds.toFixed(1),
    row.result,
  ]);
  const footer = [...(showRound ? [''] : []), 'total', clock(totalSeconds), totalSeconds.toFixed(1), ''];
  const all = [header, ...body, footer];
  const widths = header.map((_, column) => Math.max(...all.map((line) => line[column]?.length ?? 0)));
  // Numbers right-aligned, words left-aligned.
  const numeric = header.map((name) => name === 'time' || name === 'seconds' || name === 'round');
  const format = (line: string[]) =>
    line
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return ['Time per step', format(header), rule, ...body.map(format), rule, format(footer)].join('\n');
}
