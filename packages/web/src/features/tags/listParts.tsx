import { useMemo } from 'react';
import { Flex, Tag } from 'antd';
import { Link } from 'react-router';
import type { TagRef } from '@strata/core';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
import { tagPagePath } from './tagChanges';
import { useTaggingEnabled } from './useObjectTags';

/** An object's tags, each a link to its tag page. */
export function TagList({ tags }: { tags?: TagRef[] | null }) {
  if (!tags?.length) return null;
  return (
    <Flex wrap gap={4}>
      {tags.map((t) => (
        <Link key={t.id} to={tagPagePath(t.id)}>
          <Tag style={{ marginInlineEnd: 0 }}>{t.name}</Tag>
        </Link>
      ))}
    </Flex>
  );
}

/** The "Tags" column of a list (with TAGGING_SYSTEM). */
export function tagsColumn<T extends { tags?: TagRef[] | null }>(): ListColumn<T> {
  return {
    key: 'tags',
    title: 'Tags',
    width: 180,
    responsive: ['lg'],
    render: (row) => <TagList tags={row.tags} />,
  };
}

/**
 * The "Tag" filter of a list: a tag chosen among `related/tags`, matched by its id with
 * Superset's filter (`dashboard_tag_id`, `chart_tag_id`, `saved_query_tag_id`).
 */
export function tagFilter(opr: string): ListFilterDef {
  return {
    kind: 'async',
    id: 'tags',
    label: 'Tag',
    col: 'tags',
    opr,
    source: 'related',
    column: 'tags',
  };
}

/**
 * A list's columns and filters with, under TAGGING_SYSTEM, the "Tags" column (after the title)
 * and the "Tag" filter (`opr`: the list's tag-id filter); the arrays stay stable.
 */
export function useTaggedList<T extends { tags?: TagRef[] | null }>(
  columns: ListColumn<T>[],
  filters: ListFilterDef[],
  opr: string,
): [ListColumn<T>[], ListFilterDef[]] {
  const enabled = useTaggingEnabled();
  return useMemo(() => {
    if (!enabled) return [columns, filters];
    return [
      [columns[0]!, tagsColumn<T>(), ...columns.slice(1)],
      [...filters, tagFilter(opr)],
    ];
  }, [enabled, columns, filters, opr]);
}
