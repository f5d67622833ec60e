import { ActionIcon, Group } from '@mantine/core';
import { SOCIAL_LINKS } from '../lib/links';

/** The project's social links as icon buttons (the public pages' footer and the login page). */
export function SocialLinks({ justify }: { justify?: 'center' } = {}) {
  return (
    <Group gap="xs" justify={justify}>
      {SOCIAL_LINKS.map((link) => (
        <ActionIcon
          key={link.href}
          component="a"
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={link.label}
        >
          <link.icon size={20} />
        </ActionIcon>
      ))}
    </Group>
  );
}
