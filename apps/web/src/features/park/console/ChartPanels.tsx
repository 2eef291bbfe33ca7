import { EChart, type ChartOption } from '../../../lib/EChart.tsx';
import { Panel } from './ConsoleFrame.tsx';

export interface ChartCard {
  title: string;
  option: ChartOption;
  testId: string;
}

const CHART_STYLE = { height: 260 };

/** Charts each in a panel with its title, in the order given (the screens' chart grids). */
export function ChartPanels({ charts }: { charts: readonly ChartCard[] }) {
  return charts.map(({ title, option, testId }) => (
    <Panel key={testId} title={title}>
      <EChart className="park-chart" style={CHART_STYLE} update="merge" option={option} testId={testId} />
    </Panel>
  ));
}
