import { useDispatch, useSelector, useStore } from 'react-redux';
import type { SqlLabDispatch, SqlLabStore } from './index';
import type { SqlLabState } from './reducer';

export const useSqlLabDispatch = useDispatch.withTypes<SqlLabDispatch>();
export const useSqlLabSelector = useSelector.withTypes<SqlLabState>();
export const useSqlLabStore = useStore.withTypes<SqlLabStore>();
