/**
 * The card views' cards and their covers: a drawn one (the object's first letter on a tint of its own, light or
 * dark with the theme), or with THUMBNAILS the object's picture, the drawn cover standing in
 * while there is none.
 */
import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useFeatureFlag } from '../../app/featureFlags';
import { OwnerAvatars } from '../../components/OwnerAvatars';
import type { Person } from '../../components/people';
import { TitleLink } from './cells';
import { useColorScheme } from '../../app/theme/themeSetting';
import { dashboardCoverColors } from './dashboardCover';
import { PICTURE_ASPECT, ThumbnailCover } from './ThumbnailCover';

interface CoverProps {
  id: number;
  title: string;
  href?: string | null;
  /** The list's `thumbnail_url` (null or absent without THUMBNAILS). */
  thumbnailUrl?: string | null;
}

function DrawnCover({ id, title, href, pictureShape }: CoverProps & { pictureShape: boolean }) {
  const colors = dashboardCoverColors(id, useColorScheme());
  return (
    <a href={href ?? undefined} aria-label={title} tabIndex={-1}>
      <div
        data-test="card-drawn-cover"
        style={{
          ...(pictureShape ? { aspectRatio: PICTURE_ASPECT } : { height: 120 }),
          background: colors.background,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: colors.text,
          fontSize: 32,
          fontWeight: 600,
        }}
      >
        {title.trim().charAt(0).toUpperCase() || '?'}
      </div>
    </a>
  );
}

/** A card's cover: the picture with THUMBNAILS, else (or while there is none) the drawn one. */
export function CardCover(props: CoverProps) {
  const pictured = useFeatureFlag('THUMBNAILS');
  const drawn = <DrawnCover {...props} pictureShape={pictured} />;
  if (!pictured || !props.thumbnailUrl) return drawn;
  return (
    <ThumbnailCover url={props.thumbnailUrl} alt={props.title} href={props.href} fallback={drawn} />
  );
}

/**
 * A list's card (dashboards, charts): the cover, the linked title (with `before` it, e.g. a
 * certification mark), when it changed, the actions and star, a label and the owners.
 */
export function ListCard({
  testId,
  id,
  title,
  href,
  thumbnailUrl,
  changed,
  before,
  actions,
  label,
  owners,
}: CoverProps & {
  testId: string;
  changed?: string;
  before?: ReactNode;
  actions: ReactNode;
  label: ReactNode;
  owners?: Person[];
}) {
  return (
    <Card
      size="small"
      hoverable
      data-test={testId}
      cover={<CardCover id={id} title={title} href={href} thumbnailUrl={thumbnailUrl} />}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <div style={{ minWidth: 0 }}>
          {before}
          <TitleLink href={href}>{title}</TitleLink>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Modified {changed}
            </Typography.Text>
          </div>
        </div>
        <Flex align="center">{actions}</Flex>
      </Flex>
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
        {label}
        <OwnerAvatars owners={owners ?? []} />
      </Flex>
    </Card>
  );
}
