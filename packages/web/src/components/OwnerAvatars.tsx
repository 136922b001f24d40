import { Avatar, Tooltip } from 'antd';
import { MAX_OWNER_AVATARS } from '@strata/core';
import { avatarColor, initials, personName } from './people';
import type { Person } from './people';

/** Owners as initials avatars (up to four, then "+n"). */
export function OwnerAvatars({ owners }: { owners?: Person[] | null }) {
  if (!owners || owners.length === 0) return null;
  return (
    <Avatar.Group size="small" max={{ count: MAX_OWNER_AVATARS }}>
      {owners.map((owner, i) => (
        <Tooltip key={owner.id ?? i} title={personName(owner)}>
          <Avatar
            aria-label={personName(owner)}
            style={{ backgroundColor: avatarColor(owner), fontSize: 11 }}
          >
            {initials(owner)}
          </Avatar>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
