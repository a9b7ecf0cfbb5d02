import { periodLabel, PERIODS, type PeriodDays } from './analytics-format';

/** The 7 / 30 / 90-day choice for the chart and the tables (beyond the spec): one radio group (a plain box, not a fieldset: the page must not grow wider than a 320 px screen). */
export function PeriodChoice({ days, onChange }: { days: PeriodDays; onChange: (days: PeriodDays) => void }) {
  return (
    <div className="analytics-period" role="radiogroup" aria-labelledby="analytics-period-label">
      <p id="analytics-period-label" className="analytics-period-label">
        Period for the chart and the tables
      </p>
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
    </div>
  );
}
