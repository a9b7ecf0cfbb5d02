// Its own chunk (loaded with React.lazy from the analytics page): chart.js
// is only downloaded when /analytics is visited.
import { useEffect, useMemo, useState } from 'react';
import { Chart } from 'primereact/chart';
import type { TimelinePoint } from '../../api/generated/model/timelinePoint';
import { formatTimelineDay } from './analytics-format';

function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    line: read('--primary-color', '#3b82f6'),
    text: read('--text-color-secondary', '#6b7280'),
    grid: read('--surface-border', '#e5e7eb'),
  };
}

/** The theme's own font (bundled with the app), for the chart's text. */
const themeFont = () =>
  getComputedStyle(document.documentElement).getPropertyValue('--font-family').trim() || 'sans-serif';

/**
 * The font the chart draws its labels in, and whether it has loaded. Chart.js draws text on a
 * canvas, which never waits for a web font and otherwise uses Chart.js's default family
 * (Helvetica, Arial): whichever of those a machine happens to have. So the chart names the
 * theme's font and is drawn once that font has loaded (or failed to).
 */
function useChartFont() {
  const [family] = useState(themeFont);
  const [loaded, setLoaded] = useState(() => typeof document.fonts?.load !== 'function');
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const done = () => live && setLoaded(true);
    // Settles whether the font loads or fails: the chart is drawn either way.
    document.fonts.load(`12px ${family}`).then(done, done);
    return () => {
      live = false;
    };
  }, [family, loaded]);
  return { family, loaded };
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Re-reads the theme's CSS variables whenever the light/dark theme flips. */
function useThemeColours() {
  const [colours, setColours] = useState(themeColours);
  useEffect(() => {
    // The theme stylesheet is swapped on toggle; read once now and again when it has loaded.
    const refresh = () => {
      setColours(themeColours());
      const link = document.getElementById('theme-link');
      link?.addEventListener('load', () => setColours(themeColours()), { once: true });
    };
    window.addEventListener('themechange', refresh);
    return () => window.removeEventListener('themechange', refresh);
  }, []);
  return colours;
}

export default function VolumeChart({ points }: { points: TimelinePoint[] }) {
  const colours = useThemeColours();
  const font = useChartFont();
  const labels = useMemo(() => points.map((p) => formatTimelineDay(p.date)), [points]);
  // Kept between renders: PrimeReact's Chart builds the chart again whenever these change.
  const data = useMemo(
    () => ({
      labels,
      datasets: [
        {
          label: 'Conversations',
          data: points.map((p) => p.count),
          borderColor: colours.line,
          backgroundColor: colours.line,
          tension: 0.3,
        },
      ],
    }),
    [labels, points, colours.line],
  );
  const options = useMemo(
    () => ({
      // The chart fills its frame (.volume-chart-frame: a fixed height, the card's width).
      responsive: true,
      maintainAspectRatio: false,
      // No drawing-in for people who asked their system for less motion.
      animation: prefersReducedMotion() ? (false as const) : undefined,
      plugins: { legend: { labels: { color: colours.text, font: { family: font.family } } } },
      scales: {
        x: {
          ticks: { color: colours.text, maxRotation: 0, autoSkipPadding: 12, font: { family: font.family } },
          grid: { color: colours.grid },
        },
        y: {
          beginAtZero: true,
          ticks: { color: colours.text, precision: 0, font: { family: font.family } },
          grid: { color: colours.grid },
        },
      },
    }),
    [colours.text, colours.grid, font.family],
  );
  const total = points.reduce((sum, p) => sum + p.count, 0);
  return (
    <figure
      className="volume-chart"
      data-line-colour={colours.line}
      data-text-colour={colours.text}
      data-font={font.loaded ? 'loaded' : 'loading'}
    >
      <div className="volume-chart-frame">
        {/* Drawn once the font is there: a canvas is not redrawn when a font arrives late. */}
        {font.loaded ? (
          <Chart
            className="volume-chart-canvas"
            type="line"
            data={data}
            options={options}
            // PrimeReact gives the canvas role="img"; its name goes on the canvas itself.
            pt={{
              canvas: {
                'aria-label': `Line chart of daily conversations over the last ${points.length} days, ${total} in total`,
              },
            }}
          />
        ) : null}
      </div>
      <table className="visually-hidden">
        <caption>Daily conversations</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Conversations</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            <tr key={p.date}>
              <td>{labels[i]}</td>
              <td>{p.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
