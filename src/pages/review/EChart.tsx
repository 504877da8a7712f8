/**
 * One echarts chart. echarts (core, the bar and pie charts, the grid, tooltip and legend, the canvas
 * renderer) loads on the first chart, so neither the shell nor any other page carries it.
 */
import { useEffect, useRef } from 'react';

type Option = Record<string, unknown>;

async function loadEcharts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([
    charts.BarChart,
    charts.PieChart,
    components.GridComponent,
    components.TooltipComponent,
    components.LegendComponent,
    renderers.CanvasRenderer,
  ]);
  return core;
}

let loading: ReturnType<typeof loadEcharts> | null = null;

export function EChart({
  option,
  testId,
  height = 300,
}: {
  option: Option;
  testId: string;
  height?: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { setOption(o: Option): void; dispose(): void; resize(): void } | null = null;
    const onResize = () => chart?.resize();
    (loading ??= loadEcharts()).then((echarts) => {
      if (disposed || !host.current) return;
      chart = echarts.init(host.current);
      chart.setOption({ animation: false, ...option });
      host.current.dataset.rendered = 'true';
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [option]);
  return <div ref={host} data-testid={testId} style={{ width: '100%', height }} />;
}
