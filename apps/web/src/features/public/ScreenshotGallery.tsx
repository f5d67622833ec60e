import { SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import dashboardShot from './assets/dashboard.webp';
import machineShot from './assets/machine-details.webp';
import mobileShot from './assets/machine-mobile.webp';
import servicesShot from './assets/services.webp';
import classes from './public.module.css';

const ScreenshotModal = lazy(() => import('./ScreenshotModal'));

export interface Shot {
  src: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
}

// Captured from the running app (1280 px and 390 px wide), see the feature README.
export const SHOTS: Shot[] = [
  { src: dashboardShot, width: 1280, height: 800, alt: 'The dashboard listing recently serviced machines', caption: 'Dashboard: what was serviced lately' },
  { src: machineShot, width: 1280, height: 800, alt: 'A machine with its details and fuel history', caption: 'A machine and its fuel history' },
  { src: servicesShot, width: 1280, height: 800, alt: 'Recent services across every machine, with filters', caption: 'Every service across the fleet' },
  { src: mobileShot, width: 390, height: 844, alt: 'A machine on a phone', caption: 'On the phone in your pocket' },
];

/** Screenshots as thumbnails; a click opens the full-size image in a modal closed by its Close button. */
export function ScreenshotGallery() {
  const [open, setOpen] = useState<Shot | null>(null);
  // Lazy for the first paint; once the page is idle they load anyway, so a visitor who jumps
  // straight down (or a full-page capture, which never scrolls) finds them ready.
  const [eager, setEager] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setEager(true), { timeout: 3000 });
    return () => cancel(handle);
  }, []);
  return (
    <>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
        {SHOTS.map((shot) => (
          <Stack key={shot.src} gap={8}>
            <UnstyledButton className={classes.shot} onClick={() => setOpen(shot)} aria-label={`View full size: ${shot.caption}`}>
              <img
                src={shot.src}
                alt={shot.alt}
                width={shot.width}
                height={shot.height}
                loading={eager ? 'eager' : 'lazy'}
                decoding="async"
                style={{
                  aspectRatio: '16 / 10',
                  // A phone screen is shown whole on a grey card; the desktop screens fill theirs from the top.
                  objectFit: shot.width < 600 ? 'contain' : 'cover',
                  objectPosition: 'top',
                  background: 'var(--mantine-color-gray-1)',
                }}
              />
            </UnstyledButton>
            <Text size="sm" c="gray.7" ta="center">
              {shot.caption}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {/* The modal (with its focus trap and scroll area) loads on the first click, not with the page. */}
      {open && (
        <Suspense fallback={null}>
          <ScreenshotModal shot={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
