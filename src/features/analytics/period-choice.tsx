import { periodLabel, PERIODS, type PeriodDays } from './analytics-format';

/** The 7 / 30 / 90-day choice for the chart and the tables (beyond the spec): one radio group. */
export function PeriodChoice({ days, onChange }: { days: PeriodDays; onChange: (days: PeriodDays) => void }) {
  return (
    <fieldset className="analytics-period">
      <legend>Period for the chart and the tables</legend>
      <div className="analytics-period-options">
        {PERIODS.map((option) => (
          <label key={option} className={option === days ? 'is-chosen' : undefined}>
            <input
              type="radio"
              name="analytics-period"
              value={option}
              checked={option === days}
              onChange={() => onChange(option)}
            />
            <span>{periodLabel(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
