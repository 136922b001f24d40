/** The "Save or Overwrite Dataset" dialog, shared by SQL Lab's results and Explore. */
export { SaveDatasetModal } from './SaveDatasetModal';
export type { SaveDatasetModalProps } from './SaveDatasetModal';
export { defaultDatasetName, exploreDatasetUrl } from './saveDataset';
