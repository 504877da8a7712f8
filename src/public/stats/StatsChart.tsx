/**
 * One chart of the statistics page. echarts (core, the bar chart, grid, tooltip, legend and the canvas
 * renderer) is fetched by a dynamic import() when the first chart mounts, so the public entry and every
 * other public page carry none of it; a server render leaves the box empty and the tables hold the
 * figures. For assistive technology the chart is one image named by its summary.
 */
import { useEffect, useRef } from 'react';

export type ChartOption = Record<string, unknown>;

async function loadEcharts() {
  const [core, { BarChart }, { GridComponent, LegendComponent, TooltipComponent }, { CanvasRenderer }] =
    await Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/renderers'),
    ]);
  core.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);
  return core;
}

let loading: ReturnType<typeof loadEcharts> | null = null;

export function StatsChart({
  option,
  label,
  height = 320,
}: {
  option: ChartOption;
  label: string;
  height?: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { setOption(o: ChartOption): void; dispose(): void; resize(): void } | null = null;
    const onResize = () => chart?.resize();
    (loading ??= loadEcharts()).then(
      (echarts) => {
        if (disposed || !host.current) return;
        chart = echarts.init(host.current);
        chart.setOption({ animation: false, ...option });
        host.current.dataset.rendered = 'true';
        window.addEventListener('resize', onResize);
      },
      () => {
        // No chart (the chunk did not load): the tables below still hold every figure.
        loading = null;
      },
    );
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [option]);
  return <div ref={host} role="img" aria-label={label} className="pub-stats-chart" style={{ height }} />;
}
