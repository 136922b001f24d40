import { z } from 'zod';

/** One TAB of a dashboard's tree (`GET /api/v1/dashboard/{id}/tabs`), as Superset answers it. */
export const dashboardTabNode = z.object({
  value: z.string(),
  title: z.string(),
  get children(): z.ZodArray<typeof dashboardTabNode> {
    return z.array(dashboardTabNode);
  },
  parents: z.array(z.string()).optional(),
});

export type DashboardTabNode = z.infer<typeof dashboardTabNode>;

/** Every TAB's title by id, and the tree; `{}` for a dashboard without a layout. */
export const dashboardTabsAnswer = z.object({
  result: z.union([
    z.object({
      all_tabs: z.record(z.string(), z.string()),
      tab_tree: z.array(dashboardTabNode),
    }),
    z.object({}).strict(),
  ]),
});
