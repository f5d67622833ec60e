// Photo upload: a real JPEG (IMAGE=path, about 1 MB after the browser's compression) as a gallery
// photo of a machine, deleted again so the 5-photo gallery limit never interferes. The thumbnail
// is left to the image worker, the heavier path.
import http from 'k6/http';
import { check } from 'k6';
import { auth, BASE_URL, createMachine, login, ramping } from './lib/api.js';

if (!__ENV.IMAGE) {
  throw new Error('Set IMAGE to a photo (JPEG under 2 MB), e.g. -e IMAGE=/path/to/photo.jpg');
}
const photo = open(__ENV.IMAGE, 'b');

export const options = {
  scenarios: { upload: ramping(5, 'upload', { preAllocatedVUs: 10, maxVUs: 50 }) },
  thresholds: { http_req_failed: ['rate<0.001'], 'http_req_duration{name:upload}': ['p(95)<500'] },
};

export function setup() {
  const token = login();
  return { token, machineId: createMachine(token) };
}

export function upload({ token, machineId }) {
  const res = http.post(
    `${BASE_URL}/api/machines/${machineId}/gallery`,
    { originals: http.file(photo, 'photo.jpg', 'image/jpeg') },
    { headers: { authorization: `Bearer ${token}` }, tags: { name: 'upload' } },
  );
  if (check(res, { 'photo stored': (r) => r.status === 201 })) {
    const ids = res.json().map((p) => p.id);
    http.del(`${BASE_URL}/api/machines/${machineId}/gallery`, JSON.stringify(ids), { ...auth(token), tags: { name: 'gallery-delete' } });
  }
}
