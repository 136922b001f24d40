/** The page of a layer's annotations (Superset's `/annotationlayer/{id}/annotation/`). */
export function annotationsPath(layerId: number): string {
  return `/annotationlayer/${layerId}/annotation/`;
}
