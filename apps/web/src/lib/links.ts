import { IconBrandFacebook, IconBrandGithub, IconBrandInstagram, IconBrandYoutube, type Icon } from '@tabler/icons-react';

// Social media links shown on the login and public pages (the spec names no accounts; change here).
export const SOCIAL_LINKS: { label: string; href: string; icon: Icon }[] = [
  { label: 'Wrenchlog on GitHub', href: 'https://github.com/wrenchlog', icon: IconBrandGithub },
  { label: 'Wrenchlog on YouTube', href: 'https://www.youtube.com/@wrenchlog', icon: IconBrandYoutube },
  { label: 'Wrenchlog on Instagram', href: 'https://www.instagram.com/wrenchlog', icon: IconBrandInstagram },
  { label: 'Wrenchlog on Facebook', href: 'https://www.facebook.com/wrenchlog', icon: IconBrandFacebook },
];
