// recharts given raw minute samples, no downsampling: the baseline of bench/chart.mjs.
// Same chart parts as the console's (line, axes, grid, tooltip, legend, brush; no animation, no dots).
import { createRoot } from 'react-dom/client';
import { Brush, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

declare global {
  interface Window {
    renderRaw: (n: number) => Promise<number>;
  }
}

function minuteHeartRate(n: number) {
  const rows = new Array<{ t: number; bpm: number }>(n);
  const start = Date.UTC(2025, 0, 1);
  let seed = 42;
  for (let i = 0; i < n; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    rows[i] = { t: start + i * 60_000, bpm: 60 + Math.round((seed / 4294967296) * 30) };
  }
  return rows;
}

window.renderRaw = (n) => {
  const rows = minuteHeartRate(n);
  const element = document.getElementById('root');
  if (!element) throw new Error('no root');
  return new Promise((resolve) => {
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.recharts-line-curve[d]')) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
    });
    observer.observe(element, { subtree: true, childList: true, attributes: true });
    createRoot(element).render(
      <LineChart width={1200} height={360} data={rows}>
        <CartesianGrid />
        <XAxis dataKey="t" type="number" scale="time" domain={['dataMin', 'dataMax']} />
        <YAxis />
        <Tooltip isAnimationActive={false} />
        <Legend />
        <Brush dataKey="t" />
        <Line dataKey="bpm" dot={false} isAnimationActive={false} />
      </LineChart>,
    );
  });
};
