/**
 * The visualization type control: a row of tiles and "View all charts", which opens the
 * "Select a visualization type" gallery (sections, search, thumbnails, details; double-click
 * selects). Unknown types say "This visualization type is not supported.".
 */
import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Input, Menu, Modal, Tag, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import { chartRegistry, type ChartPlugin } from '@strata/charts';
import { useDynamicPlugins } from '../dynamicPlugins/useDynamicPlugins';
import {
  galleryGroups,
  galleryItems,
  RECOMMENDED_TAGS,
  selectionAfterSection,
  tileTypes,
  type GallerySection,
} from './gallery';
import { CSS_VAR } from '@strata/core';
import { usePictureTone } from '../../app/theme/usePictureTone';

function Thumbnail({ plugin, size }: { plugin: ChartPlugin; size: number }) {
  const svg = plugin.metadata.thumbnail;
  const tone = usePictureTone();
  return svg ? (
    <img
      alt={plugin.metadata.name}
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      style={{
        width: size,
        height: (size * 100) / 160,
        display: 'block',
        borderRadius: 4,
        ...tone,
      }}
    />
  ) : (
    <div
      style={{ width: size, height: (size * 100) / 160, background: CSS_VAR.fill, borderRadius: 4 }}
    />
  );
}

const sectionKey = (s: GallerySection) => (s.kind === 'all' ? 'all' : `${s.kind}:${s.value}`);
const sectionOf = (key: string): GallerySection => {
  if (key === 'all') return { kind: 'all' };
  const [kind, ...rest] = key.split(':');
  return { kind: kind === 'category' ? 'category' : 'tag', value: rest.join(':') };
};

function Gallery({
  value,
  onChoose,
  onClose,
}: {
  value: string;
  onChoose: (v: string) => void;
  onClose: () => void;
}) {
  // Dynamic plugins register as they arrive: the list is read again when one does.
  const pluginState = useDynamicPlugins();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the registry changes with the state
  const plugins = useMemo(() => chartRegistry.list(), [pluginState]);
  const groups = useMemo(() => galleryGroups(plugins), [plugins]);
  const [section, setSection] = useState<GallerySection>({ kind: 'all' });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(value);
  const items = galleryItems(plugins, section, search);
  const chosen = plugins.find((p) => p.vizType === selected) ?? null;
  return (
    <Modal
      open
      width={1100}
      title="Select a visualization type"
      onCancel={onClose}
      okText="Select"
      okButtonProps={{ disabled: !selected }}
      onOk={() => selected && onChoose(selected)}
      styles={{ body: { height: '70vh', display: 'flex', flexDirection: 'column' } }}
    >
      <Flex gap={12} style={{ flex: 1, minHeight: 0 }}>
        <Menu
          style={{ width: 200, overflow: 'auto' }}
          mode="inline"
          selectedKeys={[sectionKey(section)]}
          onClick={({ key }) => {
            const s = sectionOf(key);
            setSection(s);
            setSearch('');
            setSelected((cur) => selectionAfterSection(cur, plugins, s));
          }}
          items={[
            { key: 'all', label: 'All charts' },
            {
              key: 'recommended',
              type: 'group',
              label: 'Recommended tags',
              children: RECOMMENDED_TAGS.map((t) => ({ key: `tag:${t}`, label: t })),
            },
            {
              key: 'categories',
              type: 'group',
              label: 'Category',
              children: groups.categories.map((c) => ({ key: `category:${c}`, label: c })),
            },
            {
              key: 'tags',
              type: 'group',
              label: 'Tags',
              children: groups.tags.map((t) => ({ key: `tag:${t}`, label: t })),
            },
          ]}
        />
        <Flex vertical style={{ flex: 1, minWidth: 0 }} gap={8}>
          <Input.Search
            placeholder="Search all charts"
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-label="Search all charts"
          />
          <div
            style={{
              overflow: 'auto',
              flex: 1,
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
              gap: 12,
              alignContent: 'start',
            }}
          >
            {items.length === 0 ? <Empty description="No charts" /> : null}
            {items.map((p) => (
              <div
                key={p.vizType}
                role="button"
                tabIndex={0}
                data-test={`viztype-${p.vizType}`}
                onClick={() => setSelected(p.vizType)}
                onDoubleClick={() => onChoose(p.vizType)}
                onKeyDown={(e) => e.key === 'Enter' && onChoose(p.vizType)}
                style={{
                  cursor: 'pointer',
                  padding: 6,
                  borderRadius: 6,
                  border: `2px solid ${selected === p.vizType ? '#1FA8C9' : 'transparent'}`,
                }}
              >
                <Thumbnail plugin={p} size={124} />
                <Typography.Text
                  style={{ fontSize: 12, display: 'block', textAlign: 'center', marginTop: 4 }}
                >
                  {p.metadata.name}
                </Typography.Text>
              </div>
            ))}
          </div>
          {chosen ? (
            <Flex
              gap={12}
              style={{ borderTop: `1px solid ${CSS_VAR.borderSecondary}`, paddingTop: 8 }}
              data-test="gallery-details"
            >
              <Thumbnail plugin={chosen} size={160} />
              <div style={{ minWidth: 0 }}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {chosen.metadata.name}{' '}
                  {chosen.metadata.label ? <Tag>{chosen.metadata.label}</Tag> : null}
                </Typography.Title>
                <div style={{ margin: '4px 0' }}>
                  {chosen.metadata.tags.map((t) => (
                    <Tag key={t}>{t}</Tag>
                  ))}
                </div>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {chosen.metadata.description || 'No description available.'}
                </Typography.Paragraph>
              </div>
            </Flex>
          ) : null}
        </Flex>
      </Flex>
    </Modal>
  );
}

export function VizTypeControl({
  value,
  rendered,
  onChange,
}: {
  value: string;
  rendered: string | null;
  onChange: (v: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const known = chartRegistry.has(value);
  return (
    <div data-test="viz-type-control">
      <Flex wrap gap={4}>
        {tileTypes(value, rendered)
          .map((t) => chartRegistry.get(t))
          .filter((p): p is ChartPlugin => p !== undefined)
          .map((p) => (
            <div
              key={p.vizType}
              role="button"
              tabIndex={0}
              title={p.metadata.name}
              aria-label={p.metadata.name}
              aria-pressed={p.vizType === value}
              onClick={() => onChange(p.vizType)}
              onKeyDown={(e) => e.key === 'Enter' && onChange(p.vizType)}
              style={{
                cursor: 'pointer',
                padding: 2,
                borderRadius: 4,
                border: `2px solid ${p.vizType === value ? '#1FA8C9' : '#f0f0f0'}`,
              }}
            >
              <Thumbnail plugin={p} size={44} />
            </div>
          ))}
      </Flex>
      {!known ? (
        <Typography.Text type="danger">{MESSAGES.vizTypeNotSupported}</Typography.Text>
      ) : null}
      <Button
        type="link"
        size="small"
        icon={<AppstoreOutlined />}
        onClick={() => setOpen(true)}
        style={{ paddingLeft: 0 }}
      >
        View all charts
      </Button>
      {open ? (
        <Gallery
          value={value}
          onClose={() => setOpen(false)}
          onChoose={(v) => {
            onChange(v);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
