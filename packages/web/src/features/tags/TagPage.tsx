/**
 * `/superset/all_entities/?id={tag}` (Superset's AllEntities page): a tag and what carries it —
 * its dashboards, charts and saved queries that the user may see.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, Card, Flex, Spin, Table, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { TAG_VIEW, type TagShow, type TaggableType, type TaggedObjectEntity } from '@strata/core';
import { errorMessage, isAbortError } from '../../app/api';
import { usePageTitle } from '../../app/usePageTitle';
import { RequirePermission } from '../../components/RequirePermission';
import { NotFound } from '../../components/StatusResult';
import { OwnerAvatars } from '../../components/OwnerAvatars';
import { TagList } from './listParts';
import { tagIdOfSearch } from './tagChanges';
import { fetchTag, fetchTaggedObjects } from './tagsApi';
import { useTaggingEnabled } from './useObjectTags';

const SECTIONS: Array<{ type: TaggableType; title: string; empty: string }> = [
  { type: 'dashboard', title: 'Dashboards', empty: 'No dashboards yet' },
  { type: 'chart', title: 'Charts', empty: 'No charts yet' },
  { type: 'query', title: 'Queries', empty: 'No queries yet' },
];

interface Loaded {
  tag: TagShow;
  objects: TaggedObjectEntity[];
}

function EntitySection({
  title,
  empty,
  rows,
}: {
  title: string;
  empty: string;
  rows: TaggedObjectEntity[];
}) {
  return (
    <Card title={title} size="small" data-test={`tag-section-${title.toLowerCase()}`}>
      <Table<TaggedObjectEntity>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: empty }}
        columns={[
          {
            key: 'name',
            title: 'Name',
            render: (_, r) => <Link to={r.url}>{r.name}</Link>,
          },
          { key: 'tags', title: 'Tags', render: (_, r) => <TagList tags={r.tags} /> },
          {
            key: 'owners',
            title: 'Owners',
            width: 150,
            render: (_, r) => <OwnerAvatars owners={r.owners} />,
          },
        ]}
      />
    </Card>
  );
}

function TagEntities({ tagId }: { tagId: number }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(loaded ? `Tag ${loaded.tag.name}` : 'Tag');
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([fetchTag(tagId, controller.signal), fetchTaggedObjects(tagId, controller.signal)])
      .then(([tag, objects]) => setLoaded({ tag, objects }))
      .catch((e: unknown) => {
        if (!isAbortError(e)) setError(errorMessage(e));
      });
    return () => controller.abort();
  }, [tagId]);
  return (
    <Flex vertical gap={12}>
      <Link to="/superset/tags/">
        <ArrowLeftOutlined /> Back to all tags
      </Link>
      {error ? (
        <Alert type="error" showIcon message={error} />
      ) : !loaded ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {loaded.tag.name}
            </Typography.Title>
            {loaded.tag.description ? (
              <Typography.Text type="secondary">{loaded.tag.description}</Typography.Text>
            ) : null}
          </div>
          {SECTIONS.map((s) => (
            <EntitySection
              key={s.type}
              title={s.title}
              empty={s.empty}
              rows={loaded.objects.filter((o) => o.type === s.type)}
            />
          ))}
        </>
      )}
    </Flex>
  );
}

export default function TagPage() {
  const enabled = useTaggingEnabled();
  const tagId = tagIdOfSearch(useLocation().search);
  if (!enabled || tagId === null) return <NotFound />;
  return (
    <RequirePermission title="Tag" permission="can_read" view={TAG_VIEW}>
      <TagEntities tagId={tagId} />
    </RequirePermission>
  );
}
