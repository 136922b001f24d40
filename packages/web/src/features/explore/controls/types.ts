import type { ControlState, ExploreDatasource } from '@strata/charts';

/** What every control component gets. */
export interface ControlProps<V = unknown> {
  control: ControlState<V>;
  datasource: ExploreDatasource | null;
  onChange: (value: unknown) => void;
}
